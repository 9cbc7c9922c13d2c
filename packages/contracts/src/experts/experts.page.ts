import { z } from 'zod';
import { AvailabilitySchema, InspectionStateSchema } from '../common';

// An expert's page (/panel/experts/:pk): besides the profile, the week's shifts from the dispatch
// sheet's cells, the recent inspections, and the messages sent to the expert (the outbox the
// notifications module writes). The payments section is filled by the expert-pay module.

export const ExpertShiftSchema = z.object({
  cell: z.number().int(),
  start: z.string(),
  end: z.string(),
  state: AvailabilitySchema,
  inspection: z.object({ pk: z.number().int(), code: z.string(), state: z.string(), visit_time: z.string().nullable(), brand_model: z.string() }).nullable(),
});
export const ExpertDaySchema = z.object({ date: z.string(), shifts: z.array(ExpertShiftSchema) });
export type ExpertDay = z.infer<typeof ExpertDaySchema>;

export const ExpertInspectionSchema = z.object({
  pk: z.number().int(),
  code: z.string(),
  state: InspectionStateSchema.or(z.string()),
  visit_date: z.string().nullable(),
  time_slot: z.string().nullable(),
  brand_model: z.string(),
  package: z.string(),
  price: z.number(),
  city_name: z.string(),
});
export type ExpertInspection = z.infer<typeof ExpertInspectionSchema>;

export const ExpertMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'push', 'bank_refund']),
  text: z.string(),
  state: z.enum(['recorded', 'sent', 'failed']),
  created_by: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type ExpertMessage = z.infer<typeof ExpertMessageSchema>;

export const ExpertOverviewSchema = z.object({
  week: z.array(ExpertDaySchema),
  inspections: z.array(ExpertInspectionSchema),
  messages: z.array(ExpertMessageSchema),
});
export type ExpertOverview = z.infer<typeof ExpertOverviewSchema>;
