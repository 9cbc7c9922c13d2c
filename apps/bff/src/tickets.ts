import type { z } from 'zod';
import { ReopenTicketInputSchema, ReplyTicketInputSchema, ResolveTicketInputSchema, TicketPkInputSchema, TicketThreadSchema, type Access } from '@panel/contracts/common';
import { data, gatewayProcedures } from './gateway/procedures';

// The ticket kit of the BFF (decision 086): the procedures every ticket area shares (thread,
// reply, resolve, reopen under the area's path), checked against the area's ticket schema. An
// area's router spreads `ticketProcedures(...)` beside its own list and detail.

/**
 * The kit's procedures of one area under `base` (`/api/dealers/tickets`, with Django's trailing
 * slash when the area's paths have one); `noun` names its tickets in the API reference; `access`
 * is the area's access table (decision 094): `read` for the thread, `act` for the actions.
 */
export function ticketProcedures<S extends z.ZodType>(ticket: S, base: string, trailingSlash: boolean, noun: string, access: { read: Access; act: Access }) {
  const end = trailingSlash ? '/' : '';
  const { read, act } = gatewayProcedures(access, base);
  return {
    thread: read.get(`/:pk/thread${end}`, TicketPkInputSchema, data(TicketThreadSchema), `گفتگو و سابقه اقدام‌های یک ${noun}`),
    reply: act.post(`/:pk/reply${end}`, ReplyTicketInputSchema, ticket, `ثبت پاسخ روی ${noun} باز`),
    resolve: act.post(`/:pk/resolve${end}`, ResolveTicketInputSchema, ticket, `بستن ${noun} با یادداشت`),
    reopen: act.post(`/:pk/reopen${end}`, ReopenTicketInputSchema, ticket, `بازگشایی ${noun} با ذکر دلیل`),
  };
}
