import type { z } from 'zod';
import {
  ReopenTicketInputSchema,
  ReplyTicketInputSchema,
  ResolveTicketInputSchema,
  TicketPkInputSchema,
  TicketThreadSchema,
  inData,
  type ReopenTicketInput,
  type ReplyTicketInput,
  type ResolveTicketInput,
  type Access,
  type TicketThread,
} from '@panel/contracts/common';
import type { GatewayClient } from './gateway/gateway-client';
import { procedureFor } from './trpc';

// The ticket kit of the BFF (decision 086): the gateway calls every ticket area shares (thread,
// reply, resolve, reopen under the area's path) and their procedures, checked against the
// area's ticket schema. An area's router spreads `ticketProcedures(...)` beside its own list and
// detail; every one needs the staff role, as the tickets' sidebar items do (spec §6).

export interface TicketCalls<T> {
  thread(gateway: GatewayClient, pk: number): Promise<TicketThread>;
  reply(gateway: GatewayClient, input: ReplyTicketInput): Promise<T>;
  resolve(gateway: GatewayClient, input: ResolveTicketInput): Promise<T>;
  reopen(gateway: GatewayClient, input: ReopenTicketInput): Promise<T>;
}

/** The calls under `base` (`/api/dealers/tickets`), with Django's trailing slash when the area's paths have one. */
export function ticketCalls<S extends z.ZodType>(base: string, trailingSlash: boolean, ticket: S): TicketCalls<z.output<S>> {
  const end = trailingSlash ? '/' : '';
  const path = (pk: number, action: string) => `${base}/${pk}/${action}${end}`;
  return {
    thread: (gateway, pk) => gateway.get(inData(TicketThreadSchema), path(pk, 'thread')),
    reply: (gateway, { pk, body }) => gateway.send(ticket, 'POST', path(pk, 'reply'), { body }),
    resolve: (gateway, { pk, note }) => gateway.send(ticket, 'POST', path(pk, 'resolve'), { note }),
    reopen: (gateway, { pk, note }) => gateway.send(ticket, 'POST', path(pk, 'reopen'), { note }),
  };
}

/**
 * The kit's procedures of one area (`noun` names its tickets in the API reference); `access` is
 * the area's access table (decision 094): `read` for the thread, `act` for the actions.
 */
export function ticketProcedures<S extends z.ZodType>(ticket: S, calls: TicketCalls<z.output<S>>, noun: string, access: { read: Access; act: Access }) {
  const read = procedureFor(access.read);
  const act = procedureFor(access.act);
  return {
    thread: read.meta({ summary: `گفتگو و سابقه اقدام‌های یک ${noun}`, output: TicketThreadSchema }).input(TicketPkInputSchema).query(({ ctx, input }) => calls.thread(ctx.gateway, input.pk)),
    reply: act.meta({ summary: `ثبت پاسخ روی ${noun} باز`, output: ticket }).input(ReplyTicketInputSchema).mutation(({ ctx, input }) => calls.reply(ctx.gateway, input)),
    resolve: act.meta({ summary: `بستن ${noun} با یادداشت`, output: ticket }).input(ResolveTicketInputSchema).mutation(({ ctx, input }) => calls.resolve(ctx.gateway, input)),
    reopen: act.meta({ summary: `بازگشایی ${noun} با ذکر دلیل`, output: ticket }).input(ReopenTicketInputSchema).mutation(({ ctx, input }) => calls.reopen(ctx.gateway, input)),
  };
}
