import { describe, expect, it } from 'vitest';
import type { Expert } from '@panel/contracts/dispatch';
import { filterExperts } from './expert-filter';

const expert = (pk: number, name: string, patch: Partial<Expert> = {}): Expert => ({
  pk,
  report_name: name,
  level: 0,
  is_car_expert: true,
  is_motor_cycle_expert: false,
  is_concierge_sale_expert: false,
  is_car_mechanic: false,
  is_motor_cycle_mechanic: false,
  is_leasing_expert: false,
  areas: [1],
  city: 1,
  ...patch,
});

const experts = [
  expert(1, 'علی رضایی'),
  expert(2, 'مریم کاظمی', { level: 3, areas: [20], city: 3 }),
  expert(3, 'حسین یکتا', { is_car_expert: false, is_car_mechanic: true, areas: [1, 20] }),
];
const none = { areas: [], levels: [], types: [], search: '' };

describe('filterExperts', () => {
  it('keeps everyone for an empty filter', () => {
    expect(filterExperts(experts, none)).toHaveLength(3);
  });

  it('filters by area, level and type', () => {
    expect(filterExperts(experts, { ...none, areas: [20] }).map((e) => e.pk)).toEqual([2, 3]);
    expect(filterExperts(experts, { ...none, levels: [3] }).map((e) => e.pk)).toEqual([2]);
    expect(filterExperts(experts, { ...none, types: ['is_car_mechanic'] }).map((e) => e.pk)).toEqual([3]);
  });

  it('searches names in either spelling of yeh and kaf, pks and order codes in any digits', () => {
    expect(filterExperts(experts, { ...none, search: 'كاظمي' }).map((e) => e.pk)).toEqual([2]);
    expect(filterExperts(experts, { ...none, search: '۳' }).map((e) => e.pk)).toEqual([3]);
    const codes = (pk: number) => (pk === 1 ? ['INS-4521'] : []);
    expect(filterExperts(experts, { ...none, search: 'ins-45' }, codes).map((e) => e.pk)).toEqual([1]);
  });
});
