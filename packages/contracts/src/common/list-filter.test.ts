import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ORDERING_MESSAGES, defineListFilter, listField } from './list-filter';

const Color = z.enum(['red', 'green', 'blue'], { error: 'رنگ نامعتبر است' });
const kit = defineListFilter({
  query: listField.text(),
  day: listField.day(),
  owner: listField.id('شناسه مالک نامعتبر است'),
  owners: listField.ids('شناسه مالک نامعتبر است'),
  color: listField.oneOf(Color),
  colors: listField.someOf(Color, { initial: ['red', 'green'] }),
  done: listField.flag('وضعیت نامعتبر است'),
  ascending: listField.setting('ترتیب نامعتبر است', true),
  sort: listField.choice(['name', 'created_at'], 'created_at', 'ستون مرتب‌سازی نامعتبر است'),
});

describe('defineListFilter', () => {
  it('fills defaults: page 1 of 20, settings and choices; everything else absent', () => {
    expect(kit.defaults).toEqual({ ascending: true, sort: 'created_at', page: 1, pageSize: 20 });
  });

  it('parses the address strings of every field kind, in any digits', () => {
    const filter = kit.schema.parse({
      query: ' ۱۲۳ ',
      day: '2025-03-21',
      owner: '۷',
      owners: '1،2',
      color: 'blue',
      colors: 'blue',
      done: 'false',
      ascending: 'false',
      sort: 'name',
      page: '۳',
      pageSize: '50',
    });
    expect(filter).toEqual({
      query: '123',
      day: '2025-03-21',
      owner: 7,
      owners: [1, 2],
      color: 'blue',
      colors: ['blue'],
      done: false,
      ascending: false,
      sort: 'name',
      page: 3,
      pageSize: 50,
    });
    expect(kit.schema.parse(kit.toQuery(filter))).toEqual(filter);
  });

  it('reads empty as absent, except a set with a default, where empty means no restriction', () => {
    const filter = kit.schema.parse({ query: '', day: '', owner: '', owners: '', color: '', done: '', colors: '' });
    expect(filter).toEqual({ ...kit.defaults, owners: [], colors: [] });
    expect(kit.toQuery(filter)).toEqual({ colors: '' });
  });

  it('writes nothing for defaults, so one view has one address', () => {
    expect(kit.toQuery({})).toEqual({});
    expect(kit.toQuery({ colors: ['green', 'red'], ascending: true, page: 1, pageSize: 20, sort: 'created_at' })).toEqual({});
  });

  it('refuses bad values with Persian messages, pages included', () => {
    const messages = (input: object) => kit.schema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(messages({ color: 'pink' })).toEqual(['رنگ نامعتبر است']);
    expect(messages({ day: '2025-02-30' })).toEqual(['تاریخ نامعتبر است']);
    expect(messages({ owner: 'true' })).toEqual(['شناسه مالک نامعتبر است']);
    expect(messages({ page: '0' })).toEqual(['شماره صفحه نامعتبر است']);
    expect(messages({ pageSize: '101' })).toEqual(['اندازه صفحه نامعتبر است']);
    expect(kit.schema.safeParse({ page: 1.5 }).success).toBe(false);
  });

  it('a shared link keeps its good values, names the dropped ones, and ignores keys it does not know', () => {
    expect(kit.parse({ color: 'pink', query: 'پژو', page: 'x', utm_source: 'sms' })).toEqual({
      value: { ...kit.defaults, query: 'پژو' },
      dropped: ['color', 'page'],
    });
  });
  it('declares a list order once: sort and direction with their defaults and the one pair of messages', () => {
    const ordered = defineListFilter({ search: listField.text(), ...listField.ordering(['name', 'created_at'], 'created_at') });
    expect(ordered.defaults).toMatchObject({ sort: 'created_at', isAscending: false });
    expect(ordered.toQuery({ sort: 'name', isAscending: true })).toEqual({ sort: 'name', isAscending: 'true' });
    expect(defineListFilter(listField.ordering(['name'], 'name', true)).defaults).toMatchObject({ sort: 'name', isAscending: true });
    const refused = ordered.schema.safeParse({ sort: 'price', isAscending: 'maybe' });
    expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['sort', ORDERING_MESSAGES.column],
      ['isAscending', ORDERING_MESSAGES.direction],
    ]);
  });
});
