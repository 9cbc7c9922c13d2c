import { z } from 'zod';
import { inData, inResult, inResults } from '@panel/contracts/common';
import {
  AreaSchema,
  CellDetailSchema,
  CellSchema,
  DateOptionSchema,
  DayScheduleSchema,
  DuplicateTimeslotResultSchema,
  ExpertSchema,
  NoteSchema,
  OrderCandidateSchema,
  PenaltyCheckSchema,
  ResendOfferResultSchema,
  ServerTimeSchema,
  ShiftStatisticsSchema,
  type AssignOrderInputSchema,
  type CancelAssignmentInput,
  type CreateNoteInputSchema,
  type DuplicateTimeslotInput,
  type ListExpertsInput,
  type UpdateAvailabilityInput,
  type UpdateVisitTimeInputSchema,
} from '@panel/contracts/dispatch';
import type { GatewayClient } from '../../gateway/gateway-client';
import type { SessionUser } from '../../session';

// The dispatch procedures' calls to the upstream (spec §7 shapes, paths in the contracts'
// README); each answer is checked against its contract once, by the gateway client. Nothing of
// tRPC here: the router maps inputs in and the trpc layer maps errors out.

const P = '/api/dispatch';
const cell = inData(CellSchema);
const orders = inResult(z.array(OrderCandidateSchema));

export function dispatchGateway(gateway: GatewayClient) {
  const get = <S extends z.ZodType>(schema: S, path: string, query?: Record<string, string | number | boolean | undefined>) =>
    gateway.get(schema, `${P}${path}`, query);
  const send = <S extends z.ZodType>(schema: S, method: 'POST' | 'PATCH', path: string, body: unknown) =>
    gateway.send(schema, method, `${P}${path}`, body);

  return {
    experts: (input: ListExpertsInput) =>
      get(inResult(z.array(ExpertSchema)), '/experts/', {
        sort_from_timeslot: input.sortFromTimeslot,
        is_expert: input.isExpert,
        is_mechanic: input.isMechanic,
      }),
    areas: () => get(inResults(z.array(AreaSchema)), '/areas/'),
    dates: () => get(inResult(z.array(DateOptionSchema)), '/dates/'),
    schedule: (date?: string) => get(inResult(z.array(DayScheduleSchema)), '/schedule/', { date }),
    cells: (date: string) => get(inResult(z.array(CellSchema)), '/cells/', { date }),
    updateAvailability: (input: UpdateAvailabilityInput) =>
      send(cell, 'PATCH', `/experts/${input.expertId}/shifts/${input.shiftId}/availability/`, { state: input.state, version: input.version }),
    tempReserve: (input: { expertId: number; shiftId: number; version?: number }) =>
      send(cell, 'POST', '/temp-reserve/', { shift_id: input.shiftId, expert_id: input.expertId, version: input.version }),
    cancelReserve: (input: { expertId: number; shiftId: number }) =>
      send(cell, 'POST', '/cancel-reserve/', { shift_id: input.shiftId, expert_id: input.expertId }),
    assignOrder: (input: z.output<typeof AssignOrderInputSchema>) =>
      send(cell, 'POST', `/inspections/${input.inspectionId}/time-slots/${input.timeslotId}/assign/`, {
        visit_time: input.visitTime,
        version: input.version,
        replaces_inspection_id: input.replacesInspectionId,
      }),
    updateVisitTime: (input: z.output<typeof UpdateVisitTimeInputSchema>) =>
      send(cell, 'PATCH', `/inspections/${input.inspectionId}/visit-time/`, { visit_time: input.visitTime }),
    cancelAssignment: (input: CancelAssignmentInput) =>
      send(cell, 'POST', '/cancel-assignment/', {
        inspection_id: input.inspectionId,
        expert_id: input.expertId,
        cancel_by_expert: input.cancelByExpert,
        penalty: input.penalty,
        description: input.description,
      }),
    penaltyCheck: (inspectionId: number) => get(inData(PenaltyCheckSchema), `/inspections/${inspectionId}/penalty/`),
    orders: (shiftId: number, expertId: number) => get(orders, '/orders/', { shift_id: shiftId, expert_id: expertId }),
    unassigned: (shiftId: number, expertId: number) => get(orders, '/unassigned-inspections/', { shift_id: shiftId, expert_id: expertId }),
    notes: (shiftId: number, expertId: number) => get(inResult(z.array(NoteSchema)), '/notes/', { shift: shiftId, expert: expertId }),
    /** The agent is the signed-in user, never a name the browser sends. */
    createNote: (user: SessionUser, input: z.output<typeof CreateNoteInputSchema>) =>
      send(inData(NoteSchema), 'POST', '/notes/', {
        agent_username: user.username,
        agent_fullname: `${user.first_name} ${user.last_name}`.trim(),
        content: input.content,
        is_active: input.isActive,
        shift: input.shiftId,
        expert: input.expertId,
      }),
    cellDetail: (expertTimeslotId: number) => send(inData(CellDetailSchema), 'POST', '/expert-timeslot/', { expert_timeslot_id: expertTimeslotId }),
    shiftStatistics: (date: string) => get(inResult(z.array(ShiftStatisticsSchema)), '/shift-statistics/', { date }),
    serverTime: () => get(inData(ServerTimeSchema), '/server-time/'),
    duplicateTimeslot: (input: DuplicateTimeslotInput) =>
      send(inData(DuplicateTimeslotResultSchema), 'POST', '/duplicate-timeslot/', { from_date: input.fromDate, to_date: input.toDate }),
    resendOffer: (inspectionId: number) => send(inData(ResendOfferResultSchema), 'POST', `/inspections/${inspectionId}/resend-to-offer/`, {}),
  };
}
