import { z } from 'zod';
import { ActionLogEntrySchema, inData, inResults } from '@panel/contracts/common';
import {
  ActionOutcomeSchema,
  BulkUpdateResultSchema,
  ClaimHistoryEntrySchema,
  ClaimOfferedActionSchema,
  ClaimOutcomeSchema,
  CreatedSchema,
  LeasingClaimDetailSchema,
  LeasingClaimPageSchema,
  LeasingOrderPageSchema,
  LeasingOrderSchema,
  LeasingProviderSchema,
  OfferedActionSchema,
  OrderFileSchema,
  OrderNoteSchema,
  OtpSentSchema,
  PaymentPlanGroupSchema,
  PaymentPlanSchema,
  RegisteredOrderSchema,
  SchedulePreviewSchema,
  ScheduleSchema,
  leasingClaimListFilter,
  leasingOrderListFilter,
  type AddPromiseInput,
  type BulkUpdateInput,
  type ClaimStateInput,
  type ExecuteOrderActionInput,
  type LeasingClaimListFilter,
  type LeasingOrderListFilter,
  type PaymentPlanFilters,
  type RegisterOrderInput,
  type ScheduleChangeRequest,
  type SchedulePreviewInput,
  type SubmitPaymentInput,
  type UpdatePlanMatchingInput,
} from '@panel/contracts/leasing';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

// The gateway's leasing paths (apps/gateway/src/modules/leasing/README.md); every answer checked once against the contract.

const ORDERS = '/api/leasing/orders';
const CLAIMS = '/api/leasing/claims';
const history = inResults(z.array(ActionLogEntrySchema));
const withoutId = <T extends { id: number }>({ id: _id, ...body }: T) => body;

// Register.
export const cities = (gateway: GatewayClient) => gateway.get(inResults(z.array(z.object({ id: z.number().int(), name: z.string() }))), '/api/leasing/cities/');
export const providers = (gateway: GatewayClient) => gateway.get(inResults(z.array(LeasingProviderSchema)), '/api/leasing/providers/');
export const providerPlans = (gateway: GatewayClient, id: number) => gateway.get(inResults(z.array(PaymentPlanSchema)), `/api/leasing/providers/${id}/plans/`);
export const requestOtp = (gateway: GatewayClient, body: { phone_number: string }) => gateway.send(inData(OtpSentSchema), 'POST', '/api/leasing/otp/', body);
export const previewSchedule = (gateway: GatewayClient, body: SchedulePreviewInput) => gateway.send(inData(ScheduleSchema), 'POST', '/api/leasing/schedule/preview/', body);
export const register = (gateway: GatewayClient, body: RegisterOrderInput) => gateway.send(inData(RegisteredOrderSchema), 'POST', `${ORDERS}/register/`, body);

// Orders.
export const listOrders = (gateway: GatewayClient, filter: LeasingOrderListFilter) => gateway.get(LeasingOrderPageSchema, `${ORDERS}/`, leasingOrderListFilter.toQuery(filter));
export const exportOrders = (gateway: GatewayClient, filter: LeasingOrderListFilter) => exportAll((page, pageSize) => listOrders(gateway, { ...filter, page, pageSize }));
export const order = (gateway: GatewayClient, id: number) => gateway.get(LeasingOrderSchema, `${ORDERS}/${id}/`);
export const orderHistory = (gateway: GatewayClient, id: number) => gateway.get(history, `${ORDERS}/${id}/history/`);
export const offeredActions = (gateway: GatewayClient, id: number) => gateway.get(inResults(z.array(OfferedActionSchema)), `${ORDERS}/${id}/actions/`);
export const execute = (gateway: GatewayClient, input: ExecuteOrderActionInput) => gateway.send(inData(ActionOutcomeSchema), 'POST', `${ORDERS}/${input.id}/actions/execute/`, withoutId(input));
export const bulkUpdate = (gateway: GatewayClient, input: BulkUpdateInput) => gateway.send(inData(BulkUpdateResultSchema), 'POST', `${ORDERS}/bulk-update/`, input);
export const rejectReasons = (gateway: GatewayClient) => gateway.get(inResults(z.array(z.object({ key: z.string(), label: z.string() }))), '/api/leasing/reject-reasons/');
export const orderFiles = (gateway: GatewayClient, id: number) => gateway.get(inResults(z.array(OrderFileSchema)), `${ORDERS}/${id}/files/`);
export const attachFile = (gateway: GatewayClient, input: { id: number; media_id: number; kind: string }) => gateway.send(inData(CreatedSchema), 'POST', `${ORDERS}/${input.id}/files/`, withoutId(input));
export const orderNotes = (gateway: GatewayClient, id: number) => gateway.get(inResults(z.array(OrderNoteSchema)), `${ORDERS}/${id}/notes/`);
export const addOrderNote = (gateway: GatewayClient, input: { id: number; text: string }) => gateway.send(inData(CreatedSchema), 'POST', `${ORDERS}/${input.id}/notes/`, withoutId(input));

// Claims.
export const listClaims = (gateway: GatewayClient, filter: LeasingClaimListFilter) =>
  gateway.get(LeasingClaimPageSchema, `${CLAIMS}/`, { ...leasingClaimListFilter.toQuery(filter), page: String(filter.page), pageSize: String(filter.pageSize) });
/** Every claim of the filter for the CSV, page by page in the list's order. */
export const exportClaims = (gateway: GatewayClient, filter: LeasingClaimListFilter) => exportAll((page, pageSize) => listClaims(gateway, { ...filter, page, pageSize }));
export const claim = (gateway: GatewayClient, id: number) => gateway.get(LeasingClaimDetailSchema, `${CLAIMS}/${id}/`);
/** The claim's log with a change's instalments (old and new) and a promise entry's promise. */
export const claimHistory = (gateway: GatewayClient, id: number) => gateway.get(inResults(z.array(ClaimHistoryEntrySchema)), `${CLAIMS}/${id}/history/`);
/** Every action of the claim's page, available or not and why (as the order's offer). */
export const claimActions = (gateway: GatewayClient, id: number) => gateway.get(inResults(z.array(ClaimOfferedActionSchema)), `${CLAIMS}/${id}/actions/`);
export const pay = (gateway: GatewayClient, input: SubmitPaymentInput) => gateway.send(inData(ClaimOutcomeSchema), 'POST', `${CLAIMS}/${input.id}/payments/`, withoutId(input));
export const updateClaimState = (gateway: GatewayClient, input: ClaimStateInput) => gateway.send(inData(ClaimOutcomeSchema), 'POST', `${CLAIMS}/${input.id}/update-state/`, withoutId(input));
export const changeSchedule = (gateway: GatewayClient, input: ScheduleChangeRequest) => gateway.send(inData(SchedulePreviewSchema), 'POST', `${CLAIMS}/${input.id}/schedule-change/`, withoutId(input));
export const addPromise = (gateway: GatewayClient, input: AddPromiseInput) => gateway.send(inData(CreatedSchema), 'POST', `${CLAIMS}/${input.id}/promises/`, withoutId(input));
export const addClaimNote = (gateway: GatewayClient, input: { id: number; category: string; text: string }) =>
  gateway.send(inData(CreatedSchema), 'POST', `${CLAIMS}/${input.id}/notes/`, withoutId(input));

// Payment plans.
export const planGroups = (gateway: GatewayClient) => gateway.get(inResults(z.array(PaymentPlanGroupSchema)), '/api/payments/plan-groups/');
export const planGroup = (gateway: GatewayClient, id: number) => gateway.get(PaymentPlanGroupSchema, `/api/payments/plan-groups/${id}/`);
export const matchingPlans = (gateway: GatewayClient, filters: PaymentPlanFilters) =>
  gateway.get(inResults(z.array(PaymentPlanSchema)), '/api/payments/matching-plans/', { vehicleType: filters.vehicleType, searchField: filters.searchField, search: filters.search, status: String(filters.status) });
export const updateMatching = (gateway: GatewayClient, input: UpdatePlanMatchingInput) =>
  gateway.send(inData(PaymentPlanSchema.extend({ message: z.string() })), 'PUT', `/api/payments/plans/${input.id}/matching/`, withoutId(input));
