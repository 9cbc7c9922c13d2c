import type { GatewayDeps } from '../../deps';

export async function ticketsSeed(_deps: GatewayDeps): Promise<void> {}
