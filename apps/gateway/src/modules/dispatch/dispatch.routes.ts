import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { idField, tehranDateKey } from '@panel/contracts/common';
import {
  AssignBodySchema,
  CancelAssignmentBodySchema,
  CellDetailBodySchema,
  CreateNoteBodySchema,
  DateQuerySchema,
  DuplicateTimeslotBodySchema,
  ExpertsQuerySchema,
  GetScheduleInputSchema,
  NotesQuerySchema,
  ReserveBodySchema,
  ShiftExpertQuerySchema,
  UpdateAvailabilityBodySchema,
  VisitTimeBodySchema,
  DISPATCH_ACCESS,
} from '@panel/contracts/dispatch';
import type { GatewayDeps } from '../../deps';
import { serveLiveChannel } from '../../live/live-channel';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actorOf } from '../../workflow';
import { dispatchChannel } from './dispatch.live';
import { createDispatchService, type Change, type MutationResult } from './dispatch.service';

const PkParams = z.object({ pk: idField('شناسه نامعتبر است.') });
const AvailabilityParams = z.object({
  expertID: idField('شناسه کارشناس نامعتبر است.'),
  shiftID: idField('شناسه شیفت نامعتبر است.'),
});
const AssignParams = z.object({
  inspectionID: idField('شناسه سفارش نامعتبر است.'),
  timeslotID: idField('شناسه خانه نامعتبر است.'),
});
const InspectionParams = AssignParams.pick({ inspectionID: true });

const HOLD_SWEEP_MS = 1000;

/** REST paths of the dispatch sheet, listed in packages/contracts/src/dispatch/README.md. */
export const dispatchRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, env, tokens, ports }) => {
  const service = createDispatchService(db, { holdTtlSeconds: env.HOLD_TTL_SECONDS });
  const live = await serveLiveChannel(app, { db, tokens }, dispatchChannel(service.snapshot));
  const publish = (changes: Change[]) => live.publish(changes.map(({ date, cells }) => ({ topic: date, items: cells })));

  // Holds end on the server, whether or not anyone is looking.
  let sweeping = false;
  let sweepFailing = false;
  const sweeper = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    service
      .releaseExpiredHolds()
      .then(publish)
      .then(
        () => {
          if (sweepFailing) app.log.warn('hold sweep works again');
          sweepFailing = false;
        },
        (error: unknown) => {
          // Once per outage, not once a second.
          if (!sweepFailing) app.log.error({ err: error }, 'hold sweep failed');
          sweepFailing = true;
        },
      )
      .finally(() => {
        sweeping = false;
      });
  }, HOLD_SWEEP_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  const can = routeAccess(tokens).guards(DISPATCH_ACCESS);
  async function commit<T>(result: Promise<MutationResult<T>>): Promise<{ data: T }> {
    const { value, changes } = await result;
    await publish(changes);
    return { data: value };
  }

  app.get('/api/dispatch/experts/', can.plan, async (request) => {
    const q = parseInput(ExpertsQuerySchema, request.query);
    const flag = (value?: 'true' | 'false') => (value === undefined ? undefined : value === 'true');
    return {
      result: await service.experts({
        sortFromTimeslot: q.sort_from_timeslot,
        isExpert: flag(q.is_expert),
        isMechanic: flag(q.is_mechanic),
      }),
    };
  });
  app.get('/api/dispatch/areas/', can.plan, async () => ({ results: await service.areas() }));
  app.get('/api/dispatch/dates/', can.plan, async () => ({ result: await service.dates() }));
  app.get('/api/dispatch/schedule/', can.plan, async (request) => {
    const q = parseInput(GetScheduleInputSchema, request.query);
    return { result: await service.schedule(q.date) };
  });
  app.get('/api/dispatch/cells/', can.plan, async (request) => {
    const q = parseInput(DateQuerySchema, request.query);
    return { result: await service.cells(q.date) };
  });

  app.patch('/api/dispatch/experts/:expertID/shifts/:shiftID/availability/', can.plan, async (request) => {
    const params = parseInput(AvailabilityParams, request.params);
    const body = parseInput(UpdateAvailabilityBodySchema, request.body);
    return commit(
      service.updateAvailability(actorOf(request), { expertId: params.expertID, shiftId: params.shiftID, state: body.state, version: body.version }),
    );
  });
  app.post('/api/dispatch/temp-reserve/', can.plan, async (request) => {
    const body = parseInput(ReserveBodySchema, request.body);
    return commit(service.tempReserve(actorOf(request), { expertId: body.expert_id, shiftId: body.shift_id, version: body.version }));
  });
  app.post('/api/dispatch/cancel-reserve/', can.plan, async (request) => {
    const body = parseInput(ReserveBodySchema, request.body);
    return commit(service.cancelReserve(actorOf(request), { expertId: body.expert_id, shiftId: body.shift_id }));
  });
  app.post('/api/dispatch/inspections/:inspectionID/time-slots/:timeslotID/assign/', can.plan, async (request) => {
    const params = parseInput(AssignParams, request.params);
    const body = parseInput(AssignBodySchema, request.body);
    return commit(
      service.assignOrder(actorOf(request), {
        inspectionId: params.inspectionID,
        timeslotId: params.timeslotID,
        visitTime: body.visit_time,
        version: body.version,
        replacesInspectionId: body.replaces_inspection_id,
      }),
    );
  });
  app.patch('/api/dispatch/inspections/:inspectionID/visit-time/', can.plan, async (request) => {
    const params = parseInput(InspectionParams, request.params);
    const body = parseInput(VisitTimeBodySchema, request.body);
    return commit(service.updateVisitTime(actorOf(request), { inspectionId: params.inspectionID, visitTime: body.visit_time }));
  });
  app.post('/api/dispatch/cancel-assignment/', can.plan, async (request) => {
    const body = parseInput(CancelAssignmentBodySchema, request.body);
    return commit(
      service.cancelAssignment(actorOf(request), {
        inspectionId: body.inspection_id,
        expertId: body.expert_id,
        cancelByExpert: body.cancel_by_expert,
        penalty: body.penalty,
        description: body.description,
      }),
    );
  });
  app.get('/api/dispatch/inspections/:pk/penalty/', can.plan, async (request) => {
    const { pk } = parseInput(PkParams, request.params);
    return { data: await service.penaltyCheck(pk) };
  });
  app.get('/api/dispatch/orders/', can.plan, async (request) => {
    const q = parseInput(ShiftExpertQuerySchema, request.query);
    return { result: await service.orders(q.shift_id, q.expert_id) };
  });
  app.get('/api/dispatch/unassigned-inspections/', can.plan, async (request) => {
    const q = parseInput(ShiftExpertQuerySchema, request.query);
    return { result: await service.unassigned(q.shift_id, q.expert_id) };
  });
  app.get('/api/dispatch/notes/', can.plan, async (request) => {
    const q = parseInput(NotesQuerySchema, request.query);
    return { result: await service.notes(q.shift, q.expert) };
  });
  app.post('/api/dispatch/notes/', can.plan, async (request, reply) => {
    const body = parseInput(CreateNoteBodySchema, request.body);
    // The author is whoever the verified token names, whatever the body says.
    const actor = actorOf(request);
    return reply.status(201).send({ data: await service.createNote({ ...body, agent_username: actor.username, agent_fullname: actor.fullname }) });
  });
  app.post('/api/dispatch/expert-timeslot/', can.plan, async (request) => {
    const body = parseInput(CellDetailBodySchema, request.body);
    return { data: await service.cellDetail(body.expert_timeslot_id) };
  });
  app.get('/api/dispatch/shift-statistics/', can.plan, async (request) => {
    const q = parseInput(DateQuerySchema, request.query);
    return { result: await service.shiftStatistics(q.date) };
  });
  app.get('/api/dispatch/server-time/', can.plan, async () => {
    const now = new Date();
    return { data: { now: now.toISOString(), tehran_date: tehranDateKey(now) } };
  });
  app.post('/api/dispatch/duplicate-timeslot/', can.plan, async (request) => {
    const body = parseInput(DuplicateTimeslotBodySchema, request.body);
    return commit(service.duplicateTimeslot(actorOf(request), { fromDate: body.from_date, toDate: body.to_date }));
  });
  app.post('/api/dispatch/inspections/:pk/resend-to-offer/', can.plan, async (request) => {
    const { pk } = parseInput(PkParams, request.params);
    // A real offer, as the order detail's "send to offer" makes (the offers port, decision 033).
    return { data: await ports.offers.send(actorOf(request), pk) };
  });
};
