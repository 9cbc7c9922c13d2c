import { describe, expect, it } from 'vitest';
import {
  CreateOrderInputSchema,
  DEFAULT_ORDER_LIST_FILTER,
  OrderListFilterSchema,
  effectiveOrderStates,
  orderListFilter,
} from './inspection-orders.schemas';
import { DEFAULT_ORDER_LIST_STATES } from './order-list-states';

describe('OrderListFilterSchema', () => {
  it('defaults to every order-list state, time_slot ascending, page 1 of 20', () => {
    expect(DEFAULT_ORDER_LIST_FILTER).toMatchObject({ isAscending: true, sort: 'time_slot', page: 1, pageSize: 20 });
    expect(effectiveOrderStates(DEFAULT_ORDER_LIST_FILTER)).toEqual(DEFAULT_ORDER_LIST_STATES);
  });

  it('parses the address query: comma lists, flags, Persian digits', () => {
    const filter = OrderListFilterSchema.parse({
      search: ' ۰۹۱۲۱۲۳ ',
      date: '2025-03-21',
      state: 'R,A،T',
      experts: '۱۲,7',
      cities: '1,1763',
      requestType: 'phone',
      isAscending: 'false',
      qc: 'true',
      pricing: 'false',
      page: '۳',
    });
    expect(filter).toMatchObject({
      search: '0912123',
      date: '2025-03-21',
      state: ['R', 'A', 'T'],
      experts: [12, 7],
      cities: [1, 1763],
      requestType: 'phone',
      isAscending: false,
      qc: true,
      pricing: false,
      page: 3,
    });
  });

  it('treats an explicitly empty state as no restriction (caller-history link)', () => {
    const filter = OrderListFilterSchema.parse({ search: '09121234567', date: '', state: '' });
    expect(filter.date).toBeUndefined();
    expect(effectiveOrderStates(filter)).toBeUndefined();
    expect(orderListFilter.toQuery(filter)).toEqual({ search: '09121234567', state: '' });
  });

  it('refuses bad values with Persian messages', () => {
    const result = OrderListFilterSchema.safeParse({ state: 'R,X', cities: '99', date: '1403/01/01' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toEqual(expect.arrayContaining(['وضعیت نامعتبر است', 'شهر نامعتبر است', 'تاریخ نامعتبر است']));
  });

  it('round-trips through the query and leaves defaults out', () => {
    expect(orderListFilter.toQuery({})).toEqual({});
    expect(orderListFilter.toQuery({ state: [...DEFAULT_ORDER_LIST_STATES].reverse() })).toEqual({});
    const query = orderListFilter.toQuery({ state: ['R', 'C'], experts: [3, 4], isAscending: false, qc: true, page: 2 });
    expect(query).toEqual({ state: 'R,C', experts: '3,4', isAscending: 'false', qc: 'true', page: '2' });
    expect(OrderListFilterSchema.parse(query)).toMatchObject({ state: ['R', 'C'], experts: [3, 4], isAscending: false, qc: true, page: 2 });
  });

  it('drops only the bad keys of a shared link', () => {
    const { value, dropped } = orderListFilter.parse({ state: 'R,Z', search: 'پژو', page: 'x' });
    expect(dropped.sort()).toEqual(['page', 'state']);
    expect(value).toMatchObject({ search: 'پژو', page: 1 });
    expect(value.state).toBeUndefined();
  });
});

describe('CreateOrderInputSchema', () => {
  const valid = {
    customer_name: 'علی رضایی',
    phone_number: '۰۹۱۲ ۱۲۳ ۴۵۶۷',
    city_id: '1',
    brand_model: 'پژو ۲۰۶',
    package: 'کارشناسی پایه',
    visit_place: 'تهران، ونک',
  };

  it('normalizes the phone number and fills the optional fields', () => {
    expect(CreateOrderInputSchema.parse(valid)).toMatchObject({ phone_number: '09121234567', city_id: 1, description: '' });
  });

  it('names each missing field in Persian', () => {
    const result = CreateOrderInputSchema.safeParse({ phone_number: '123' });
    const byField = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(byField).toEqual({
      customer_name: 'نام مشتری را وارد کنید',
      phone_number: 'شماره تلفن همراه معتبر نیست',
      city_id: 'شهر را انتخاب کنید',
      brand_model: 'برند و مدل خودرو را وارد کنید',
      package: 'بسته کارشناسی را انتخاب کنید',
      visit_place: 'آدرس محل بازدید را وارد کنید',
    });
  });
});
