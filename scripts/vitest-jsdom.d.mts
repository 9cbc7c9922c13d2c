import type { UserConfig } from 'vitest/config';

export declare const jsdomProject: (name: string) => UserConfig;
