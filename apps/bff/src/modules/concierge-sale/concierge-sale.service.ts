import { z } from 'zod';
import { ActionLogEntrySchema, inData, inResults, type ActionLogEntry } from '@panel/contracts/common';
import {
  BuyerOfferListPageSchema,
  ConciergeSaleDetailSchema,
  CreatedSaleSchema,
  DealListPageSchema,
  SaleActionResultSchema,
  SaleListPageSchema,
  SalePeopleSchema,
  buyerOfferListFilter,
  dealListFilter,
  saleListFilter,
  type AcceptOfferInput,
  type AddNoteInput,
  type AssignSupervisorInput,
  type BuyerOffer,
  type BuyerOfferListFilter,
  type BuyerOfferListPage,
  type CancelSaleInput,
  type ConciergeSaleDetail,
  type CreateSaleInput,
  type CreatedSale,
  type Deal,
  type DealListFilter,
  type DealListPage,
  type SaleActionResult,
  type SaleListFilter,
  type SaleListItem,
  type SaleListPage,
  type SalePeople,
  type SaleReasonInput,
  type SaleStepInput,
  type SubmitDealInput,
} from '@panel/contracts/concierge-sale';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

const BASE = '/api/concierge-sale';
const SALES = `${BASE}/sales`;

export const listSales = (gateway: GatewayClient, filter: SaleListFilter): Promise<SaleListPage> => gateway.get(SaleListPageSchema, `${SALES}/`, saleListFilter.toQuery(filter));

/** Every sale of the filter (up to EXPORT_LIMIT), for the CSV. */
export const exportSales = (gateway: GatewayClient, filter: SaleListFilter): Promise<{ rows: SaleListItem[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listSales(gateway, { ...filter, page, pageSize }));

export const salePeople = (gateway: GatewayClient): Promise<SalePeople> => gateway.get(inData(SalePeopleSchema), `${SALES}/people/`);
export const saleDetail = (gateway: GatewayClient, id: number): Promise<ConciergeSaleDetail> => gateway.get(inData(ConciergeSaleDetailSchema), `${SALES}/${id}/`);
export const saleActionLog = (gateway: GatewayClient, id: number): Promise<ActionLogEntry[]> => gateway.get(inResults(z.array(ActionLogEntrySchema)), `${SALES}/${id}/action-log/`);
export const createSale = (gateway: GatewayClient, input: CreateSaleInput): Promise<CreatedSale> => gateway.send(inData(CreatedSaleSchema), 'POST', `${SALES}/`, input);

// The sale's actions (decision 070): the gateway enforces the table, the version and the roles.
const action = (gateway: GatewayClient, id: number, path: string, body: object): Promise<SaleActionResult> =>
  gateway.send(inData(SaleActionResultSchema), 'POST', `${SALES}/${id}/${path}/`, body);

export const assignSupervisor = (gateway: GatewayClient, { id, ...body }: AssignSupervisorInput) => action(gateway, id, 'assign-supervisor', body);
export const sendToOffer = (gateway: GatewayClient, { id, ...body }: SaleStepInput) => action(gateway, id, 'send-to-offer', body);
export const removeFromOffer = (gateway: GatewayClient, { id, ...body }: SaleStepInput) => action(gateway, id, 'remove-from-offer', body);
export const submitDeal = (gateway: GatewayClient, { id, ...body }: SubmitDealInput & { id: number }) => action(gateway, id, 'submit-deal', body);
export const approveDeal = (gateway: GatewayClient, { id, ...body }: SaleStepInput) => action(gateway, id, 'approve-deal', body);
export const cancelDeal = (gateway: GatewayClient, { id, ...body }: SaleReasonInput) => action(gateway, id, 'cancel-deal', body);
export const revertSale = (gateway: GatewayClient, { id, ...body }: SaleReasonInput) => action(gateway, id, 'revert', body);
export const cancelSale = (gateway: GatewayClient, { id, ...body }: CancelSaleInput & { id: number }) => action(gateway, id, 'cancel', body);
export const addNote = (gateway: GatewayClient, { id, ...body }: AddNoteInput) => action(gateway, id, 'notes', body);

export const listBuyerOffers = (gateway: GatewayClient, filter: BuyerOfferListFilter): Promise<BuyerOfferListPage> =>
  gateway.get(BuyerOfferListPageSchema, `${BASE}/offers/`, buyerOfferListFilter.toQuery(filter));
export const exportBuyerOffers = (gateway: GatewayClient, filter: BuyerOfferListFilter): Promise<{ rows: BuyerOffer[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listBuyerOffers(gateway, { ...filter, page, pageSize }));
export const acceptOffer = (gateway: GatewayClient, { offer_id, ...body }: AcceptOfferInput & { offer_id: number }) =>
  gateway.send(inData(SaleActionResultSchema), 'POST', `${BASE}/offers/${offer_id}/accept/`, body);

export const listDeals = (gateway: GatewayClient, filter: DealListFilter): Promise<DealListPage> => gateway.get(DealListPageSchema, `${BASE}/deals/`, dealListFilter.toQuery(filter));
export const exportDeals = (gateway: GatewayClient, filter: DealListFilter): Promise<{ rows: Deal[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listDeals(gateway, { ...filter, page, pageSize }));
