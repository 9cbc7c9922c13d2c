import { z } from 'zod';
import { INSPECTION_SETTINGS_DEFAULTS, TIME_SLOTS } from '../common/constants';
import { InspectionTypeSchema, PricingConditionSchema } from '../common/enums';

export const InspectionSettingsTabSchema = z.enum(['by-shift', 'by-date']);
export type InspectionSettingsTab = z.infer<typeof InspectionSettingsTabSchema>;
export const INSPECTION_SETTINGS_TAB_LABELS: Record<InspectionSettingsTab, string> = {
  'by-shift': 'بر اساس شیفت',
  'by-date': 'بر اساس تاریخ',
};

const DateKey = z.iso.date();
// Coerced so a text field holding '1.00' validates with the same schema as the procedure.
const Ratio = z.coerce.number().min(0).max(100);

/** Expert share settings (/panel/settings/inspection); parse({}) gives the form's initial values. */
export const InspectionSettingsInfoSchema = z.object({
  tab: InspectionSettingsTabSchema.default(INSPECTION_SETTINGS_DEFAULTS.tab),
  /** Applies to every shift instead of the one in `shift`. */
  allTimeShift: z.boolean().default(false),
  /** Weekdays, 0 = Saturday (the first day of the Persian week). */
  days: z.array(z.number().int().min(0).max(6)).default([]),
  cities: z.array(z.number().int()).default([]),
  condition: PricingConditionSchema.nullable().default(null),
  inspectionType: InspectionTypeSchema.default('both'),
  shift: z.enum(TIME_SLOTS).nullable().default(null),
  shiftDate: DateKey.nullable().default(null),
  startDate: DateKey.nullable().default(null),
  endDate: DateKey.nullable().default(null),
  inspectionPriceRatio: Ratio.default(INSPECTION_SETTINGS_DEFAULTS.inspectionPriceRatio),
  expertShareRatio: Ratio.default(INSPECTION_SETTINGS_DEFAULTS.expertShareRatio),
  mechanicShareRatio: Ratio.default(INSPECTION_SETTINGS_DEFAULTS.mechanicShareRatio),
}).refine((s) => !s.startDate || !s.endDate || s.startDate <= s.endDate, {
  error: 'تاریخ پایان نباید پیش از تاریخ شروع باشد',
  path: ['endDate'],
});
export type InspectionSettingsInfo = z.infer<typeof InspectionSettingsInfoSchema>;
