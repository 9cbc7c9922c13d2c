import { defineConfig } from 'vitest/config';

// Tests of the repository's own rules (lint zones), run with every other project.
export default defineConfig({ test: { name: 'repo', include: ['*.test.mjs'], environment: 'node', testTimeout: 60_000 } });
