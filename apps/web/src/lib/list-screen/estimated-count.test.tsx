import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { orderListFilter, type OrderListItem } from '@panel/contracts/inspection-orders';
import type { ListColumn } from '@panel/ui';
import { nextAddress } from '../address-filter';
import { answerTrpc, renderScreen } from '../testing';
import { trpc } from '../trpc';
import { defineListScreen } from './list-screen';

// Decision 123: past 10,000 rows a list's count is an estimate («حدود …») and its next page is
// reached by keyset; the pager names no last page it cannot know.

afterEach(cleanup);

const COLUMNS: ListColumn<OrderListItem>[] = [{ key: 'code', header: 'کد', text: (o) => o.code, latin: true }];
const Orders = defineListScreen({
  title: 'سفارش‌ها',
  filter: orderListFilter,
  procedures: trpc.inspectionOrders,
  columns: COLUMNS,
  columnsKey: 'test.estimated.columns',
  fields: (f) => [f.search('search', 'جستجو')],
  label: 'سفارش‌ها',
  rowKey: (o) => o.pk,
  emptyText: 'سفارشی نیست.',
});

const page = (n: number) => Array.from({ length: n }, (_, i) => ({ pk: i + 1, code: `C-${i + 1}` })) as unknown as OrderListItem[];

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

const show = (path: string) =>
  renderScreen(
    <>
      <Orders />
      <Address />
    </>,
    { path, route: '/panel/orders' },
  );

describe('the pager of an estimated count', { timeout: 30_000 }, () => {
  it('says «حدود», names no last page, and asks the next page after the last row', async () => {
    const { calls } = answerTrpc({ 'inspectionOrders.list': { data: { results: page(20), count: 878_000, estimated: true, next: 'cursor-of-20', page: 1, pageSize: 20 } } });
    show('/panel/orders');
    const pager = await screen.findByRole('navigation', { name: 'صفحه' });
    expect(pager.textContent).toContain('حدود ۸۷۸٬۰۰۰ مورد');
    expect(pager.textContent).toContain('صفحه ۱');
    expect(pager.textContent).not.toContain('از');
    fireEvent.click(screen.getByRole('button', { name: 'صفحه بعد' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?after=cursor-of-20&page=2'));
    await waitFor(() => expect(calls.some((c) => (c.input as { after?: string; page: number }).after === 'cursor-of-20' && (c.input as { page: number }).page === 2)).toBe(true));
  });

  it('asks the page before with the cursor of its first row', async () => {
    const { calls } = answerTrpc({ 'inspectionOrders.list': { data: { results: page(20), count: 878_000, estimated: true, next: 'cursor-of-60', previous: 'cursor-before-41', page: 3, pageSize: 20 } } });
    show('/panel/orders?page=3');
    await screen.findByRole('navigation', { name: 'صفحه' });
    fireEvent.click(screen.getByRole('button', { name: 'صفحه قبل' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?after=cursor-before-41&page=2'));
    await waitFor(() => expect(calls.some((c) => (c.input as { after?: string; page: number }).after === 'cursor-before-41' && (c.input as { page: number }).page === 2)).toBe(true));
  });

  it('keeps a cursor for its one page: a change of the filter or another page drops it', () => {
    // (The screen reads the shown address from window.location, which a test's router does not set.)
    const shown = new URLSearchParams('after=cursor-of-20&page=2&search=x');
    expect(nextAddress(orderListFilter, shown, { search: 'y' })?.toString()).toBe('search=y');
    expect(nextAddress(orderListFilter, shown, { page: 1 })?.toString()).toBe('search=x');
    expect(nextAddress(orderListFilter, shown, { page: 3, after: 'cursor-of-40' })?.toString()).toBe('after=cursor-of-40&page=3&search=x');
  });

  it('offers no next page after a short page', async () => {
    answerTrpc({ 'inspectionOrders.list': { data: { results: page(7), count: 12_300, estimated: true, page: 3, pageSize: 20 } } });
    show('/panel/orders?page=3&after=abc');
    const pager = await screen.findByRole('navigation', { name: 'صفحه' });
    await waitFor(() => expect(pager.textContent).toContain('حدود ۱۲٬۳۰۰ مورد'));
    expect(pager.textContent).toContain('صفحه ۳');
    expect((screen.getByRole('button', { name: 'صفحه بعد' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('counts exactly as before when the count is exact: page n of m', async () => {
    answerTrpc({ 'inspectionOrders.list': { data: { results: page(20), count: 45, page: 1, pageSize: 20 } } });
    show('/panel/orders');
    const pager = await screen.findByRole('navigation', { name: 'صفحه' });
    await waitFor(() => expect(pager.textContent).toContain('صفحه ۱ از ۳'));
    expect(pager.textContent).not.toContain('حدود');
  });
});
