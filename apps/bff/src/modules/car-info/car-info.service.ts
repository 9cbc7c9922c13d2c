import { z } from 'zod';
import {
  CAR_INFO_PATHS as P,
  CarInfoDetailSchema,
  CarInfoOutcomeSchema,
  CarInfoPageSchema,
  carInfoListFilter,
  type CarInfo,
  type CarInfoEditInput,
  type CarInfoImageInput,
  type CarInfoListFilter,
  type CarInfoNoteInput,
  type CarInfoPage,
  type FeedbackStepInput,
} from '@panel/contracts/car-info';
import { ActionLogEntrySchema, inData, inResult, inResults } from '@panel/contracts/common';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';
import { publicMediaUrl } from '../../media';

// The gateway's car-info paths (packages/contracts/src/car-info/README.md); images become the BFF's `/media/:id`.

const withoutId = <T extends { id: number }>({ id: _id, ...body }: T) => body;
const outcome = inData(CarInfoOutcomeSchema);

export const listCarInfo = (gateway: GatewayClient, filter: CarInfoListFilter): Promise<CarInfoPage> => gateway.get(CarInfoPageSchema, P.list, carInfoListFilter.toQuery(filter));
export const exportCarInfo = (gateway: GatewayClient, filter: CarInfoListFilter): Promise<{ rows: CarInfo[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listCarInfo(gateway, { ...filter, page, pageSize }));
export const detail = async (gateway: GatewayClient, id: number) => {
  const found = await gateway.get(inResult(CarInfoDetailSchema), P.type(id));
  return { ...found, images: found.images.map((i) => ({ ...i, url: publicMediaUrl(i.url) })) };
};
export const history = (gateway: GatewayClient, id: number) => gateway.get(inResults(z.array(ActionLogEntrySchema)), P.history(id));
export const edit = (gateway: GatewayClient, input: CarInfoEditInput & { id: number }) => gateway.send(outcome, 'PUT', P.type(input.id), withoutId(input));
export const addImage = (gateway: GatewayClient, input: CarInfoImageInput) => gateway.send(outcome, 'POST', P.images(input.id), withoutId(input));
export const removeImage = (gateway: GatewayClient, id: number) => gateway.send(outcome, 'DELETE', P.image(id), {});
export const addNote = (gateway: GatewayClient, input: CarInfoNoteInput & { id: number }) => gateway.send(outcome, 'POST', P.notes(input.id), withoutId(input));
export const stepFeedback = (gateway: GatewayClient, input: FeedbackStepInput) => gateway.send(outcome, 'POST', P.noteState(input.id), withoutId(input));
