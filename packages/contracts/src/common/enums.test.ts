import { describe, expect, it } from 'vitest';
import { AVAILABILITY, AVAILABILITY_LABELS, AvailabilitySchema, EXPERT_LEVEL_LABELS, EXPERT_TYPES, EXPERT_TYPE_LABELS, ExpertLevelSchema, INSPECTION_STATE_LABELS, INSPECTION_TYPE_LABELS, InspectionStateSchema, PRICING_CONDITION_LABELS, PricingConditionSchema, ROLES, ROLE_LABELS, RoleSchema, TokenStatusSchema, isAuthenticatedStatus, optionsOf } from './enums';

describe('inspection states', () => {
  it('has the ten codes of spec §4 with their labels', () => {
    expect(InspectionStateSchema.options).toEqual(['E', 'O', 'M', 'T', 'I', 'S', 'D', 'Q', 'W', 'F']);
    expect(INSPECTION_STATE_LABELS.E).toBe('کارشناس در راه');
    expect(INSPECTION_STATE_LABELS.W).toBe('در انتظار قیمتگذاری');
    expect(INSPECTION_STATE_LABELS.F).toBe('لغو شده');
    expect(Object.keys(INSPECTION_STATE_LABELS).sort()).toEqual([...InspectionStateSchema.options].sort());
  });

  it('rejects unknown codes', () => {
    expect(InspectionStateSchema.safeParse('X').success).toBe(false);
  });
});

describe('availability', () => {
  it('uses the numeric codes 0-4', () => {
    expect(AVAILABILITY).toEqual({
      available: 0,
      unavailable: 1,
      busy: 2,
      conciergeSaleReserved: 3,
      instantReserved: 4,
    });
    expect(AvailabilitySchema.parse(3)).toBe(3);
    expect(AvailabilitySchema.safeParse(5).success).toBe(false);
    expect(AvailabilitySchema.safeParse('0').success).toBe(false);
    expect(AVAILABILITY_LABELS[AVAILABILITY.available]).toBe('آزاد');
  });
});

describe('token status', () => {
  it('counts valid and expired tokens as signed in', () => {
    const signedIn = TokenStatusSchema.options.filter(isAuthenticatedStatus);
    expect(signedIn).toEqual(['expired-tokens', 'valid-tokens']);
  });
});

describe('experts', () => {
  it('has levels 0-5 with Persian labels', () => {
    expect(ExpertLevelSchema.safeParse(6).success).toBe(false);
    expect(EXPERT_LEVEL_LABELS[0]).toBe('سطح صفر');
    expect(EXPERT_LEVEL_LABELS[5]).toBe('سطح پنج');
  });

  it('has the six type flags', () => {
    expect(EXPERT_TYPES).toHaveLength(6);
    expect(EXPERT_TYPE_LABELS.is_leasing_expert).toBe('کارشناس لیزینگ');
  });
});

describe('small enums', () => {
  it('labels pricing conditions and inspection types', () => {
    expect(PricingConditionSchema.options).toHaveLength(6);
    for (const c of PricingConditionSchema.options) expect(PRICING_CONDITION_LABELS[c]).toBeTruthy();
    expect(Object.keys(INSPECTION_TYPE_LABELS)).toEqual(['both', 'uberized', 'employed']);
  });

  it('names every role as backoffice#<role>', () => {
    expect(ROLES.staff).toBe('backoffice#staff');
    for (const role of Object.values(ROLES)) {
      expect(role).toMatch(/^backoffice#[a-z_]+$/);
      expect(RoleSchema.parse(role)).toBe(role);
      expect(ROLE_LABELS[role]).toBeTruthy();
    }
  });
});

describe('label tables as options', () => {
  it('gives each code with its label, in the table order', () => {
    expect(optionsOf({ open: 'باز', done: 'انجام شده' })).toEqual([
      { value: 'open', label: 'باز' },
      { value: 'done', label: 'انجام شده' },
    ]);
    expect(optionsOf(INSPECTION_TYPE_LABELS).map((o) => o.label)).toEqual(Object.values(INSPECTION_TYPE_LABELS));
  });
});
