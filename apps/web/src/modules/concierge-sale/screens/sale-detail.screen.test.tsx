import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { SALE_MESSAGES, type ConciergeSaleDetail } from '@panel/contracts/concierge-sale';
import { SAMPLE_SALE_DETAIL } from '@panel/contracts/concierge-sale/sample';
import { answerTrpc, renderScreen, toastTitles } from '../../../lib/testing';
import { SaleDetailScreen } from './sale-detail.screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sale: ConciergeSaleDetail = SAMPLE_SALE_DETAIL;

const at = { path: `/panel/concierge-sale/${sale.id}`, route: '/panel/concierge-sale/:id' };

describe('SaleDetailScreen', () => {
  it('tells a sales expert once, in place of the sale, that another expert\'s sale is not theirs', async () => {
    const refusal = `پیام: ${SALE_MESSAGES.notYours}`;
    answerTrpc({ 'conciergeSale.detail': { error: { message: refusal, code: 'FORBIDDEN', httpStatus: 403 } } });
    renderScreen(<SaleDetailScreen />, at);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', refusal);
    // The global error layer would toast it a moment later: give it the chance, then count.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toastTitles()).toEqual([]);
    expect(screen.getAllByText(refusal)).toHaveLength(1);
  });

  it('names the follower in Persian, not by their Latin username', async () => {
    answerTrpc({
      'conciergeSale.detail': { data: sale },
      'conciergeSale.actionLog': { data: [] },
      'conciergeSale.people': { data: { supervisors: [], sales_experts: [] } },
      'auth.session': { data: null },
    });
    renderScreen(<SaleDetailScreen />, at);
    const people = await screen.findByRole('region', { name: 'افراد' });
    expect(within(people).getByText('پیگیری‌کننده').parentElement?.textContent).toBe('پیگیری‌کنندهنرگس امینی');
    expect(people.textContent).not.toContain(sale.follower!.username);
  });
});
