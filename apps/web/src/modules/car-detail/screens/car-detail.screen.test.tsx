import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { CAR_DETAIL_MESSAGES, CAR_SECTIONS, type CarHistory } from '@panel/contracts/car-detail';
import { answerTrpc, renderScreen } from '../../../lib/testing';
import { carRecordPath } from '../components/car-record-link';
import { CarDetailListScreen } from './car-detail-list.screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const post = { kind: 'car_post', id: 12, code: 'ab12cd34', tab: null } as const;
const sale = { kind: 'sale', id: 7, code: 'cs-gjdgxs', tab: null } as const;
const history: CarHistory = {
  query: { kind: 'plate', key: '12ب34567', display: '12 ب 345 ایران 67' },
  found: true,
  facts: [
    { fact: 'car', values: [{ value: 'پژو ۲۰۶', sources: [post, sale] }] },
    { fact: 'color', values: [{ value: 'سفید', sources: [post] }, { value: 'سفید صدفی', sources: [sale] }] },
  ],
  sections: [
    { section: 'inspection', count: 0 },
    { section: 'post', count: 1 },
    { section: 'sale', count: 1 },
    { section: 'pricing', count: 0 },
    { section: 'ticket', count: 0 },
    { section: 'affidavit', count: 0 },
    { section: 'leasing', count: 0 },
  ],
  events: [
    { key: 'post-12', at: '2026-01-10T08:00:00.000Z', section: 'post', title: 'ثبت آگهی ab12cd34: پژو 206 1399', state: 'منتشر شده', detail: 'قیمت ۶۵۰٬۰۰۰٬۰۰۰ تومان', who: null, ref: post },
    { key: 'sale-7', at: '2026-01-05T08:00:00.000Z', section: 'sale', title: 'درخواست فروش همراه cs-gjdgxs', state: 'در حال معامله', detail: null, who: null, ref: sale },
  ],
};

describe('the car detail screen', () => {
  it('reads the query from the address and shows the identity with its records, the sections without data and the time line', async () => {
    const { calls } = answerTrpc({ 'carDetail.lookup': { data: history } });
    renderScreen(<CarDetailListScreen />, { path: '/panel/car-detail?q=۱۲ب۳۴۵۶۷', route: '/panel/car-detail' });
    expect(await screen.findByRole('heading', { level: 2, name: 'کد پلاک ۱۲ ب ۳۴۵ ایران ۶۷' })).toBeTruthy();
    expect(calls[0]).toMatchObject({ path: 'carDetail.lookup', input: { q: '۱۲ب۳۴۵۶۷', kind: 'auto' } });
    const identity = screen.getByRole('region', { name: 'شناسنامهٔ خودرو به گفتهٔ سوابق' });
    expect(identity.textContent).toContain('سفید به گفتهٔ آگهی ab12cd34');
    expect(identity.textContent).toContain('سفید صدفی به گفتهٔ فروش همراه cs-gjdgxs');
    expect(within(identity).getAllByRole('link', { name: 'فروش همراه cs-gjdgxs' })[0]!.getAttribute('href')).toBe('/panel/concierge-sale/7');
    const sections = screen.getByRole('region', { name: 'آنچه هر بخش می‌داند' });
    expect(sections.textContent).toContain(CAR_SECTIONS.inspection.none);
    expect(sections.textContent).toContain(CAR_SECTIONS.leasing.none);
    expect(sections.textContent).not.toContain(CAR_SECTIONS.post.none);
    const timeline = screen.getByRole('region', { name: 'خط زمانی خودرو' });
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries[0]!.textContent).toContain('ثبت آگهی ab12cd34: پژو ۲۰۶ ۱۳۹۹');
    expect(entries[0]!.textContent).toContain('منتشر شده');
    expect(entries[0]!.textContent).toMatch(/۱۴۰۴\/۱۰\/۲۰/);
    expect(within(timeline).getByRole('link', { name: /ثبت آگهی/ }).getAttribute('href')).toBe('/panel/car-posts/12');
  });

  it('says plainly when nothing is known, and that no VIN is on record', async () => {
    answerTrpc({ 'carDetail.lookup': (input) => ({ data: { ...history, query: (input as { q: string }).q.length === 17 ? { kind: 'vin', key: 'X', display: '1HGCM82633A004352' } : history.query, found: false, facts: [], events: [] } }) });
    renderScreen(<CarDetailListScreen />, { path: '/panel/car-detail?q=1HGCM82633A004352', route: '/panel/car-detail' });
    expect(await screen.findByText(CAR_DETAIL_MESSAGES.noVin)).toBeTruthy();
  });

  it('shows a malformed query’s message beside the field and asks nothing', async () => {
    const { calls } = answerTrpc({});
    renderScreen(<CarDetailListScreen />, { path: '/panel/car-detail?q=12%20345', route: '/panel/car-detail' });
    expect(await screen.findByText(CAR_DETAIL_MESSAGES.malformed)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('links each record to its own screen', () => {
    expect(carRecordPath({ kind: 'pricing', id: 3, code: '123456', tab: 'DO' })).toBe('/panel/pricing-order-list?status=DO&search=123456');
    expect(carRecordPath({ kind: 'ticket', id: 9, code: '9', tab: null })).toBe('/panel/inspection/tickets?query=9&resolved=');
    expect(carRecordPath({ kind: 'order', id: 41, code: '1000041', tab: null })).toBe('/panel/inspection/orders/41');
    expect(carRecordPath({ kind: 'expert_ticket', id: 5, code: '5', tab: null })).toBe('/panel/experts/tickets?query=5&resolved=');
  });
});
