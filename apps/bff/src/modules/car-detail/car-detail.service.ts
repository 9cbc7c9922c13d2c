import { CarHistorySchema, type CarHistory, type CarLookupInput } from '@panel/contracts/car-detail';
import { inResult } from '@panel/contracts/common';
import type { GatewayClient } from '../../gateway/gateway-client';

/** One car's history from every module, by a plate, a post or sale token, or a VIN (decision 120). */
export const lookupCar = (gateway: GatewayClient, { q, kind }: CarLookupInput): Promise<CarHistory> =>
  gateway.get(inResult(CarHistorySchema), '/api/car-detail/lookup/', { q, kind: kind ?? 'auto' });
