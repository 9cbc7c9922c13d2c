import { optionsOf } from '@panel/contracts/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { OFFER_STATES, offerListFilter, type Offer } from '@panel/contracts/inspection-offers';
import type { ListColumn } from '@panel/ui';
import { answerTrpc, renderScreen, sessionAnswer } from '../testing';
import { trpc } from '../trpc';
import { useState } from 'react';
import { ROLES } from '@panel/contracts/common';
import { ListScreen, defineListScreen, listScreen, useListScreen } from './list-screen';

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

/**
 * The files the page hands the browser to save (its name and its text), caught where the
 * browser is asked: the object URL and the link's click. (Not a mock of `@panel/ui`: with the
 * web's test files sharing their modules, a screen module another file loaded first keeps the real one.)
 */
function catchDownloads(): { name: string; text: () => Promise<string> }[] {
  const blobs = new Map<string, Blob>();
  const files: { name: string; text: () => Promise<string> }[] = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:panel.test/${blobs.size + 1}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    // jsdom's Blob has no text(): read it as a page would.
    const text = () =>
      new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blob!);
      });
    if (blob) files.push({ name: this.download, text });
  });
  return files;
}

const COLUMNS: ListColumn<Offer>[] = [
  { key: 'order_code', header: 'کد سفارش', text: (o) => o.order_code, latin: true },
  { key: 'customer_name', header: 'مشتری', text: (o) => o.customer_name, sortKey: 'customer_name' },
];

// A small declared list, as a module writes one: two filters (one under "more"), one sort, paging, CSV.
const OFFERS = listScreen({
  title: 'پیشنهادها',
  filter: offerListFilter,
  procedures: trpc.inspectionOffers,
  csv: { fileName: 'offers', noun: 'پیشنهاد' },
  columns: COLUMNS,
  columnsKey: 'test.offers.columns',
  fields: (f) => [f.search('query', 'جستجو'), f.multi('state', 'وضعیت', optionsOf(OFFER_STATES), { more: true })],
  label: 'پیشنهادها',
  rowKey: (o) => o.id,
  emptyText: 'پیشنهادی نیست.',
});
const Offers = defineListScreen(OFFERS);

const rows = [
  { id: 1, order_code: 'A-100', customer_name: 'مریم کریمی' },
  { id: 2, order_code: 'A-101', customer_name: 'علی رضایی' },
] as unknown as Offer[];

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

function show(path = '/panel/offers') {
  renderScreen(
    <>
      <Offers />
      <Address />
    </>,
    { path, route: '/panel/offers' },
  );
}

// The first render imports Chakra and the table: slow on a busy machine.
describe('defineListScreen', { timeout: 30_000 }, () => {
  it('draws the declared list: title, filters, the answered page and its count of "more filters" set', async () => {
    const { calls } = answerTrpc({ 'inspectionOffers.list': { data: { results: rows, count: 2, page: 1, pageSize: 20 } } });
    show('/panel/offers?state=accepted');
    expect(screen.getByRole('heading', { level: 1, name: 'پیشنهادها' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'پیشنهادها' });
    await waitFor(() => expect(within(table).getByText('مریم کریمی')).toBeTruthy());
    expect(screen.getByRole('button', { name: /فیلترهای بیشتر/ }).textContent).toContain('۱');
    expect(calls[0]!.input).toMatchObject({ state: ['accepted'], page: 1 });
  });

  it('puts a filter change in the address, back on page 1, and asks the list for it', async () => {
    const { calls } = answerTrpc({ 'inspectionOffers.list': { data: { results: rows, count: 2, page: 1, pageSize: 20 } } });
    show('/panel/offers?page=2');
    const search = screen.getByRole('textbox', { name: 'جستجو' });
    fireEvent.change(search, { target: { value: 'A-100' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?query=A-100'));
    await waitFor(() => expect(calls.some((c) => (c.input as { query?: string }).query === 'A-100')).toBe(true));
  });

  it('sorts from a header into the address', async () => {
    answerTrpc({ 'inspectionOffers.list': { data: { results: rows, count: 2, page: 1, pageSize: 20 } } });
    show();
    fireEvent.click(await screen.findByRole('button', { name: /مشتری/ }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toContain('sort=customer_name'));
  });

  it('asks for pages of the declared page size and pages by it (spec §9: leasing claims 10)', async () => {
    const Tens = defineListScreen({ ...OFFERS, pageSize: 10 });
    const many = Array.from({ length: 10 }, (_, at) => ({ id: at + 1, order_code: `A-${at}`, customer_name: `مشتری ${at}` })) as unknown as Offer[];
    const { calls } = answerTrpc({ 'inspectionOffers.list': (input) => ({ data: { results: many, count: 25, page: (input as { page: number }).page, pageSize: 10 } }) });
    renderScreen(
      <>
        <Tens />
        <Address />
      </>,
      { path: '/panel/offers', route: '/panel/offers' },
    );
    await screen.findByText('صفحه ۱ از ۳');
    expect(calls[0]!.input).toMatchObject({ page: 1, pageSize: 10 });
    fireEvent.click(screen.getByRole('button', { name: 'صفحه بعد' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?page=2'));
    await waitFor(() => expect(calls.some((c) => (c.input as { page: number; pageSize: number }).page === 2 && (c.input as { pageSize: number }).pageSize === 10)).toBe(true));
  });

  it('exports the whole filter with the declared columns', async () => {
    const { calls } = answerTrpc({
      'inspectionOffers.list': { data: { results: rows, count: 2, page: 1, pageSize: 20 } },
      'inspectionOffers.export': { data: { rows, truncated: false } },
    });
    const downloads = catchDownloads();
    show('/panel/offers?query=A&page=3');
    const button = await screen.findByRole('button', { name: /خروجی CSV/ });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(downloads).toHaveLength(1));
    const fileName = downloads[0]!.name;
    const csv = await downloads[0]!.text();
    expect(fileName).toMatch(/^offers-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.split('\r\n')[0]).toContain('کد سفارش,مشتری');
    expect(csv).toContain('A-100,مریم کریمی');
    expect(calls.find((c) => c.path === 'inspectionOffers.export')!.input).toMatchObject({ query: 'A', page: 1 });
  });

  it('picks rows one by one or the whole page, without opening them and without a CSV column', async () => {
    answerTrpc({ 'inspectionOffers.list': { data: { results: rows, count: 2, page: 1, pageSize: 20 } } });
    const opened = vi.fn();
    const picked: string[][] = [];
    const declaration = listScreen({
      title: 'پیشنهادها',
      filter: offerListFilter,
      list: (filter) => trpc.inspectionOffers.list.queryOptions(filter),
      columns: COLUMNS,
      columnsKey: 'test.offers.picked',
      fields: () => [],
      label: 'پیشنهادها',
      rowKey: (o: Offer) => o.id,
      emptyText: 'پیشنهادی نیست.',
    });
    function Picking() {
      const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
      return (
        <ListScreen
          screen={useListScreen(declaration)}
          onRowClick={opened}
          selection={{ selected, onChange: (next) => (picked.push([...next]), setSelected(next)), rowLabel: (o) => `انتخاب ${o.order_code}` }}
        />
      );
    }
    renderScreen(<Picking />, { path: '/panel/offers', route: '/panel/offers' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'انتخاب A-101' }));
    await waitFor(() => expect(picked.at(-1)).toEqual(['2']));
    expect(opened).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'انتخاب همه ردیف‌های این صفحه' }));
    await waitFor(() => expect(picked.at(-1)?.sort()).toEqual(['1', '2']));
    fireEvent.click(screen.getByRole('checkbox', { name: 'انتخاب همه ردیف‌های این صفحه' }));
    await waitFor(() => expect(picked.at(-1)).toEqual([]));
  });
  it('draws the declared create button for the roles it names, opens the declared detail on a row, on create and by key, and a declared dialog', async () => {
    answerTrpc({ 'inspectionOffers.list': { data: { results: rows, count: 2, page: 1, pageSize: 20 } }, 'auth.session': sessionAnswer([ROLES.supervisor]) });
    const Detailed = defineListScreen({
      ...OFFERS,
      create: { label: 'پیشنهاد تازه', access: [ROLES.supervisor] },
      detail: (d) => (d.creating ? <p>در حال افزودن <button onClick={() => d.show(2)}>ثبت</button></p> : d.id !== null && <p>باز: {d.id} {d.row?.order_code ?? 'بی‌ردیف'}</p>),
      dialogs: [{ label: 'راهنما', draw: (d) => d.open && <button onClick={d.close}>راهنما باز است</button> }],
    });
    renderScreen(<Detailed />, { path: '/panel/offers', route: '/panel/offers' });
    fireEvent.click(await screen.findByText('مریم کریمی'));
    expect(await screen.findByText('باز: 1 A-100')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'پیشنهاد تازه' }));
    expect(await screen.findByText(/در حال افزودن/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ثبت' }));
    expect(await screen.findByText('باز: 2 بی‌ردیف')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'راهنما' }));
    fireEvent.click(await screen.findByRole('button', { name: 'راهنما باز است' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'راهنما باز است' })).toBeNull());
  });

  it('keeps the open detail in the address when it names a key: a link opens it, a row and create write it, close removes it', async () => {
    answerTrpc({ 'inspectionOffers.list': { data: { results: rows, count: 2, page: 1, pageSize: 20 } } });
    const Addressed = defineListScreen({
      ...OFFERS,
      create: { label: 'پیشنهاد تازه' },
      detailAddress: 'offer',
      detail: (d) => (d.creating ? <p>در حال افزودن</p> : d.id !== null && <button onClick={d.close}>باز: {d.id} {d.row?.order_code ?? 'بی‌ردیف'}</button>),
    });
    renderScreen(
      <>
        <Addressed />
        <Address />
      </>,
      { path: '/panel/offers?state=accepted&offer=2', route: '/panel/offers' },
    );
    expect(await screen.findByText('باز: 2 A-101')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /باز: 2/ }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?state=accepted'));
    fireEvent.click(await screen.findByText('مریم کریمی'));
    expect(await screen.findByText('باز: 1 A-100')).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('?state=accepted&offer=1');
    fireEvent.click(screen.getByRole('button', { name: 'پیشنهاد تازه' }));
    expect(await screen.findByText('در حال افزودن')).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('?state=accepted&offer=new');
  });

  it('opens the created row when the create detail closes in the same tick, as a create drawer does when the created row’s drawer replaces it', async () => {
    answerTrpc({ 'inspectionOffers.list': { data: { results: rows, count: 2, page: 1, pageSize: 20 } } });
    const Addressed = defineListScreen({
      ...OFFERS,
      create: { label: 'پیشنهاد تازه' },
      detailAddress: 'offer',
      // The created row shown, then the create detail's own close: both from the render that drew the create detail.
      detail: (d) => (d.creating ? <button onClick={() => (d.show(2), d.close())}>ساخته شد</button> : d.id !== null && <p>باز: {d.id}</p>),
    });
    renderScreen(
      <>
        <Addressed />
        <Address />
      </>,
      { path: '/panel/offers?state=accepted&offer=new', route: '/panel/offers' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'ساخته شد' }));
    expect(await screen.findByText('باز: 2')).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('?state=accepted&offer=2');
  });

  it('hides the declared create button from roles it does not name', async () => {
    answerTrpc({ 'inspectionOffers.list': { data: { results: rows, count: 2, page: 1, pageSize: 20 } }, 'auth.session': sessionAnswer([ROLES.staff]) });
    const Refused = defineListScreen({ ...OFFERS, create: { label: 'پیشنهاد تازه', access: [ROLES.supervisor] } });
    renderScreen(<Refused />, { path: '/panel/offers', route: '/panel/offers' });
    await screen.findByText('مریم کریمی');
    expect(screen.queryByRole('button', { name: 'پیشنهاد تازه' })).toBeNull();
  });
});
