import { describe, expect, it } from 'vitest';
import { EXPERTS_MESSAGES, ExpertFieldsSchema, expertsListFilter } from './experts.schemas';
import { EXPERT_WORKFLOW } from './experts.workflow';

describe('the experts contracts', () => {
  it('reads the list filter from the address leniently and leaves its defaults out', () => {
    const { value, dropped } = expertsListFilter.parse({ level: '3,4', type: 'is_car_expert', area: '۲۰۰۱', active: 'false', sort: 'nonsense' });
    expect(value).toMatchObject({ level: [3, 4], type: ['is_car_expert'], area: 2001, active: false, sort: 'report_name', isAscending: true });
    expect(dropped).toEqual(['sort']);
    expect(expertsListFilter.toQuery(value)).toEqual({ level: '3,4', type: 'is_car_expert', area: '2001', active: 'false' });
  });

  it('validates the add and edit form with one schema: Persian digits in, a type and an area required', () => {
    const ok = ExpertFieldsSchema.parse({ report_name: ' کاوه  رستمی ', phone_number: '۰۹۱۲۳۴۵۶۷۸۹', level: '3', is_car_expert: true, city: '2', areas: [2001] });
    expect(ok).toMatchObject({ report_name: 'کاوه رستمی', phone_number: '09123456789', level: 3, city: 2, is_motor_cycle_expert: false });
    const refused = ExpertFieldsSchema.safeParse({ report_name: 'کاوه', phone_number: '09123456789', level: 3, city: 2, areas: [2001] });
    expect(refused.error?.issues.map((i) => i.message)).toEqual([EXPERTS_MESSAGES.noType]);
    expect(ExpertFieldsSchema.safeParse({ report_name: 'کاوه', phone_number: '09123456789', level: 3, is_car_expert: true, city: 2, areas: [] }).success).toBe(false);
  });

  it('declares the active/inactive table: deactivating needs a reason', () => {
    expect(EXPERT_WORKFLOW.target('deactivate', 'active')).toBe('inactive');
    expect(EXPERT_WORKFLOW.can('deactivate', 'inactive')).toBe(false);
    expect(EXPERT_WORKFLOW.actions.deactivate.reason).toBe('required');
  });
});
