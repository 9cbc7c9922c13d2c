import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BulkRowResult } from '@panel/contracts/leasing';
import { answerTrpc, renderScreen } from '../../../lib/testing';
import { BULK_CHUNK, OrderBulkBar } from './order-bulk';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const code = (id: number) => `L${String(id).padStart(6, '0')}`;
interface BulkInput {
  request_id: string;
  action: string;
  ids: number[];
}

describe('OrderBulkBar', { timeout: 30_000 }, () => {
  it('sends the picked orders in parts under one request, names each refused row, and retries only those', async () => {
    const ids = Array.from({ length: BULK_CHUNK + 3 }, (_, i) => i + 1);
    // Order 2 is canceled (always refused); order 27 is refused the first time only (it was busy).
    let busy = true;
    const { calls } = answerTrpc({
      'leasing.bulkUpdate': (input) => {
        const { ids: part } = input as BulkInput;
        const results: BulkRowResult[] = part.map((id) => {
          const refused = id === 2 || (id === 27 && busy);
          return { id, code: code(id), ok: !refused, message: refused ? `سفارش ${code(id)} در وضعیت «لغوشده» است.` : 'درخواست مدارک ثبت شد.', state: refused ? null : 'documents' };
        });
        if (part.includes(27)) busy = false;
        return { data: { succeeded: results.filter((r) => r.ok).length, refused: results.filter((r) => !r.ok).length, results } };
      },
      'leasing.orders': { data: { results: [], count: 0, page: 1, pageSize: 20 } },
    });
    renderScreen(<OrderBulkBar selected={ids} codes={new Map(ids.map((id) => [id, code(id)]))} onClear={() => undefined} />, { path: '/panel/leasing/orders' });
    const bar = await screen.findByRole('region', { name: 'اقدام گروهی' });
    expect(bar.textContent).toContain('۲۸ سفارش انتخاب شد');
    fireEvent.change(within(bar).getByLabelText('اقدام گروهی'), { target: { value: 'request_documents' } });
    fireEvent.click(within(bar).getByRole('button', { name: 'اجرا روی ۲۸ سفارش' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'درخواست مدارک برای ۲۸ سفارش' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'درخواست مدارک (۲۸ سفارش)' }));

    const results = await screen.findByRole('region', { name: 'نتیجه اقدام گروهی' });
    await waitFor(() => expect(within(results).getByRole('status').textContent).toBe('«درخواست مدارک» روی ۲۸ سفارش: ۲۶ انجام شد، ۲ انجام نشد.'));
    const sent = calls.filter((c) => c.path === 'leasing.bulkUpdate').map((c) => c.input as BulkInput);
    expect(sent.map((s) => s.ids.length)).toEqual([BULK_CHUNK, 3]);
    expect(new Set(sent.map((s) => s.request_id)).size).toBe(1);
    const row = (id: number) => within(results).getByText(code(id)).closest('tr')!;
    expect(row(2).textContent).toContain('انجام نشد');
    expect(row(2).textContent).toContain('لغوشده');
    expect(row(1).textContent).toContain('انجام شد');

    fireEvent.click(within(results).getByRole('button', { name: 'تلاش دوباره برای ۲ سفارش انجام‌نشده' }));
    await waitFor(() => expect(within(results).getByRole('status').textContent).toBe('«درخواست مدارک» روی ۲۸ سفارش: ۲۷ انجام شد، ۱ انجام نشد.'));
    const retry = calls.filter((c) => c.path === 'leasing.bulkUpdate').map((c) => c.input as BulkInput).slice(2);
    expect(retry).toHaveLength(1);
    expect(retry[0]).toMatchObject({ request_id: sent[0]!.request_id, ids: [2, 27] });
    expect(row(27).textContent).toContain('انجام شد');
  });
});
