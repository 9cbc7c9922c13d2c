import type {
  AssignOrderInputSchema,
  CancelAssignmentInput,
  Cell,
  CellDetail,
  CreateNoteInputSchema,
  DateOption,
  DaySchedule,
  DuplicateTimeslotInput,
  Expert,
  ListExpertsInput,
  Note,
  OrderCandidate,
  PenaltyCheck,
  ResendOfferResult,
  ServerTime,
  ShiftStatistics,
  UpdateAvailabilityInput,
  UpdateVisitTimeInputSchema,
} from '@panel/contracts/dispatch';
import type { Area } from '@panel/contracts/entities';
import type { z } from 'zod';
import type { GatewayClient } from '../../gateway/gateway-client';
import type { SessionUser } from '../../session';

// The dispatch procedures' calls to the upstream (spec §7 shapes, paths in the contracts'
// README). Nothing of tRPC here: the router maps inputs in and the trpc layer maps errors out.

const P = '/api/dispatch';

type Result<T> = { result: T };
type Data<T> = { data: T };

export function dispatchGateway(gateway: GatewayClient) {
  const get = <T>(path: string, query?: Record<string, string | number | boolean | undefined>) =>
    gateway.request<T>(`${P}${path}`, { query });
  const send = <T>(method: 'POST' | 'PATCH', path: string, body: unknown) => gateway.request<T>(`${P}${path}`, { method, body });

  return {
    experts: async (input: ListExpertsInput) =>
      (
        await get<Result<Expert[]>>('/experts/', {
          sort_from_timeslot: input.sortFromTimeslot,
          is_expert: input.isExpert,
          is_mechanic: input.isMechanic,
        })
      ).result,
    areas: async () => (await get<{ results: Area[] }>('/areas/')).results,
    dates: async () => (await get<Result<DateOption[]>>('/dates/')).result,
    schedule: async (date?: string) => (await get<Result<DaySchedule[]>>('/schedule/', { date })).result,
    cells: async (date: string) => (await get<Result<Cell[]>>('/cells/', { date })).result,
    updateAvailability: async (input: UpdateAvailabilityInput) =>
      (
        await send<Data<Cell>>('PATCH', `/experts/${input.expertId}/shifts/${input.shiftId}/availability/`, {
          state: input.state,
          version: input.version,
        })
      ).data,
    tempReserve: async (input: { expertId: number; shiftId: number; version?: number }) =>
      (await send<Data<Cell>>('POST', '/temp-reserve/', { shift_id: input.shiftId, expert_id: input.expertId, version: input.version })).data,
    cancelReserve: async (input: { expertId: number; shiftId: number }) =>
      (await send<Data<Cell>>('POST', '/cancel-reserve/', { shift_id: input.shiftId, expert_id: input.expertId })).data,
    assignOrder: async (input: z.output<typeof AssignOrderInputSchema>) =>
      (
        await send<Data<Cell>>('POST', `/inspections/${input.inspectionId}/time-slots/${input.timeslotId}/assign/`, {
          visit_time: input.visitTime,
          version: input.version,
          replaces_inspection_id: input.replacesInspectionId,
        })
      ).data,
    updateVisitTime: async (input: z.output<typeof UpdateVisitTimeInputSchema>) =>
      (await send<Data<Cell>>('PATCH', `/inspections/${input.inspectionId}/visit-time/`, { visit_time: input.visitTime })).data,
    cancelAssignment: async (input: CancelAssignmentInput) =>
      (
        await send<Data<Cell>>('POST', '/cancel-assignment/', {
          inspection_id: input.inspectionId,
          expert_id: input.expertId,
          cancel_by_expert: input.cancelByExpert,
          penalty: input.penalty,
          description: input.description,
        })
      ).data,
    penaltyCheck: async (inspectionId: number) => (await get<Data<PenaltyCheck>>(`/inspections/${inspectionId}/penalty/`)).data,
    orders: async (shiftId: number, expertId: number) =>
      (await get<Result<OrderCandidate[]>>('/orders/', { shift_id: shiftId, expert_id: expertId })).result,
    unassigned: async (shiftId: number, expertId: number) =>
      (await get<Result<OrderCandidate[]>>('/unassigned-inspections/', { shift_id: shiftId, expert_id: expertId })).result,
    notes: async (shiftId: number, expertId: number) => (await get<Result<Note[]>>('/notes/', { shift: shiftId, expert: expertId })).result,
    /** The agent is the signed-in user, never a name the browser sends. */
    createNote: async (user: SessionUser, input: z.output<typeof CreateNoteInputSchema>) =>
      (
        await send<Data<Note>>('POST', '/notes/', {
          agent_username: user.username,
          agent_fullname: `${user.first_name} ${user.last_name}`.trim(),
          content: input.content,
          is_active: input.isActive,
          shift: input.shiftId,
          expert: input.expertId,
        })
      ).data,
    cellDetail: async (expertTimeslotId: number) =>
      (await send<Data<CellDetail>>('POST', '/expert-timeslot/', { expert_timeslot_id: expertTimeslotId })).data,
    shiftStatistics: async (date: string) => (await get<Result<ShiftStatistics[]>>('/shift-statistics/', { date })).result,
    serverTime: async () => (await get<Data<ServerTime>>('/server-time/')).data,
    duplicateTimeslot: async (input: DuplicateTimeslotInput) =>
      (await send<Data<{ updated: number }>>('POST', '/duplicate-timeslot/', { from_date: input.fromDate, to_date: input.toDate })).data,
    resendOffer: async (inspectionId: number) =>
      (await send<Data<ResendOfferResult>>('POST', `/inspections/${inspectionId}/resend-to-offer/`, {})).data,
  };
}
