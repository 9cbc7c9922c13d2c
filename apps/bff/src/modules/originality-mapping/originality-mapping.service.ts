import { z } from 'zod';
import { ActionLogEntrySchema, inData, inResults, type ActionLogEntry } from '@panel/contracts/common';
import { OriginalityMapSchema, SaveOriginalityMapResultSchema, type OriginalityMap, type SaveOriginalityMapInput, type SaveOriginalityMapResult } from '@panel/contracts/originality-mapping';
import type { GatewayClient } from '../../gateway/gateway-client';

const MAP = '/api/originality-map';

export const originalityMap = (gateway: GatewayClient): Promise<OriginalityMap> => gateway.get(OriginalityMapSchema, `${MAP}/`);
export const originalityHistory = (gateway: GatewayClient): Promise<ActionLogEntry[]> => gateway.get(inResults(z.array(ActionLogEntrySchema)), `${MAP}/history/`);
export const saveOriginalityMap = (gateway: GatewayClient, input: SaveOriginalityMapInput): Promise<SaveOriginalityMapResult> =>
  gateway.send(inData(SaveOriginalityMapResultSchema), 'PUT', `${MAP}/`, input);
