import { describe, expect, it } from 'vitest';
import { defineWorkflow } from './workflow';

const post = defineWorkflow({
  noun: 'آگهی',
  states: { W: 'در انتظار بررسی', A: 'منتشر شده', R: 'رد شده' },
  actions: {
    approve: { label: 'تأیید', from: ['W', 'R'], to: 'A' },
    reject: { label: 'رد', from: ['W', 'A'], to: 'R', reason: 'required', confirm: 'آگهی رد شود؟' },
    note: { label: 'یادداشت', from: ['W', 'A', 'R'] },
  },
});

describe('defineWorkflow', () => {
  it('lists what each state allows, in declaration order', () => {
    expect(post.allowed('W')).toEqual(['approve', 'reject', 'note']);
    expect(post.allowed('A')).toEqual(['reject', 'note']);
    expect(post.stateList).toEqual(['W', 'A', 'R']);
  });

  it('leads each action to its state, or keeps the state', () => {
    expect(post.target('approve', 'W')).toBe('A');
    expect(post.target('note', 'R')).toBe('R');
  });

  it('refuses a move outside the table in Persian, naming the state and the action', () => {
    expect(post.refusal('approve', 'A', '۱۲')).toBe('آگهی ۱۲ در وضعیت «منتشر شده» است و «تأیید» برای آن ممکن نیست.');
    expect(post.refusal('approve', 'W')).toBeUndefined();
  });
});
