import type { GatewayDeps } from '../../deps';

export async function dispatchSeed(_deps: GatewayDeps): Promise<void> {}
