import type { GatewayDeps } from '../../deps';

export async function authSeed(_deps: GatewayDeps): Promise<void> {}
