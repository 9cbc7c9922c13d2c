import type { GatewayDeps } from '../../deps';

export async function inspectionOrdersSeed(_deps: GatewayDeps): Promise<void> {}
