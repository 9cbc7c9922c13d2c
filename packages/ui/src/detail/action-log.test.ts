import { describe, expect, it } from 'vitest';
import type { ActionLogEntry } from '@panel/contracts/common';
import { actionLogEntries, actionLogTitle } from './action-log';

const workflow = { actions: { cancel: { label: 'لغو' }, note: { label: 'یادداشت' } }, states: { A: 'ثبت شده', F: 'لغو شده' } };
const entry = (over: Partial<ActionLogEntry>): ActionLogEntry => ({
  id: 1,
  at: '2025-03-21T08:00:00Z',
  actor_username: 'sara.ahmadi',
  actor_fullname: 'سارا احمدی',
  action: 'cancel',
  from_state: 'A',
  to_state: 'F',
  reason: 'مشتری منصرف شد',
  ...over,
});

describe('an action log as a person reads it', () => {
  it('names the action and the move it made, with the state labels', () => {
    expect(actionLogTitle(entry({}), { workflow })).toBe('لغو: ثبت شده ← لغو شده');
    expect(actionLogTitle(entry({ action: 'note', to_state: 'A' }), { workflow })).toBe('یادداشت');
  });

  it('labels actions the workflow does not declare from `extra`, and leaves an unknown code as it is', () => {
    expect(actionLogTitle(entry({ action: 'create', from_state: null, to_state: 'A' }), { workflow, extra: { create: 'ثبت' } })).toBe('ثبت');
    expect(actionLogTitle(entry({ action: 'mystery', from_state: null, to_state: null }), { workflow })).toBe('mystery');
  });

  it('reads the log of an entity without a workflow by `extra` alone, a change of a value as its move', () => {
    const labels = { extra: { rename: 'تغییر نام', add: 'افزودن' } };
    expect(actionLogTitle(entry({ action: 'rename', from_state: 'اخبار', to_state: 'اخبار خودرو' }), labels)).toBe('تغییر نام: اخبار ← اخبار خودرو');
    expect(actionLogTitle(entry({ action: 'add', from_state: null, to_state: null }), labels)).toBe('افزودن');
  });

  it('makes timeline entries: who by name (else username), Jalali time, the reason', () => {
    const [named, unnamed] = actionLogEntries([entry({}), entry({ id: 2, actor_fullname: '', reason: '' })], { workflow });
    expect(named).toMatchObject({ key: 1, who: 'سارا احمدی', detail: 'مشتری منصرف شد' });
    expect(named!.at).toMatch(/^[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2}/);
    expect(unnamed).toMatchObject({ key: 2, who: 'sara.ahmadi', detail: undefined });
  });
});
