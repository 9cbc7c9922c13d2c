import { describe, expect, it } from 'vitest';
import { InspectionSettingsInfoSchema } from './inspection-settings';

describe('InspectionSettingsInfoSchema', () => {
  it('starts on the by-shift tab with every ratio at 1.00', () => {
    expect(InspectionSettingsInfoSchema.parse({})).toEqual({
      tab: 'by-shift',
      allTimeShift: false,
      days: [],
      cities: [],
      condition: null,
      inspectionType: 'both',
      shift: null,
      shiftDate: null,
      startDate: null,
      endDate: null,
      inspectionPriceRatio: 1,
      expertShareRatio: 1,
      mechanicShareRatio: 1,
    });
  });

  it('parses a filled form, ratios typed as text', () => {
    const parsed = InspectionSettingsInfoSchema.parse({
      tab: 'by-date',
      days: [0, 4],
      cities: [1, 2],
      condition: 'holiday',
      inspectionType: 'uberized',
      shift: '10-12',
      startDate: '2025-03-21',
      endDate: '2025-04-02',
      inspectionPriceRatio: '1.25',
      expertShareRatio: '0.80',
    });
    expect(parsed.inspectionPriceRatio).toBe(1.25);
    expect(parsed.expertShareRatio).toBe(0.8);
    expect(parsed.mechanicShareRatio).toBe(1);
  });

  it('refuses an end date before the start date', () => {
    expect(InspectionSettingsInfoSchema.safeParse({ startDate: '2025-04-02', endDate: '2025-03-21' }).success).toBe(false);
  });
});
