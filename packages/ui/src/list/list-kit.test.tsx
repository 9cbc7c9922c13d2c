import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../system';
import { parseColumnChoice, useColumnChoice } from './column-choice';
import { toCsv } from './csv';
import { DataTable, type DataColumn } from './data-table';
import { csvColumns, tableColumns } from './list-columns';
import { ListResults } from './list-results';
import { StateTabs } from './state-tabs';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('toCsv', () => {
  it('starts with a BOM, quotes what needs it and ends lines with CRLF', () => {
    const csv = toCsv(
      [{ name: 'علی "رضا"', city: 'تهران، ونک', n: 3 }],
      [
        { header: 'نام', value: (r) => r.name },
        { header: 'شهر', value: (r) => r.city },
        { header: 'تعداد', value: (r) => r.n },
      ],
    );
    expect(csv).toBe('\uFEFFنام,شهر,تعداد\r\n"علی ""رضا""",تهران، ونک,3\r\n');
  });
});

describe('column choice', () => {
  it('keeps only known columns in their declared order', () => {
    expect(parseColumnChoice('["b","zz","a"]', ['a', 'b', 'c'], ['c'])).toEqual(['a', 'b']);
    expect(parseColumnChoice('not json', ['a', 'b'], ['a'])).toEqual(['a']);
    expect(parseColumnChoice('[]', ['a', 'b'], ['b'])).toEqual(['b']);
  });

  it('stores the choice under the caller key and survives a remount', () => {
    const keys = ['a', 'b', 'c'];
    const first = renderHook(() => useColumnChoice('list.columns', keys));
    expect(first.result.current[0]).toEqual(keys);
    act(() => first.result.current[1](['c', 'a']));
    expect(first.result.current[0]).toEqual(['a', 'c']);
    expect(window.localStorage.getItem('list.columns')).toBe('["a","c"]');
    first.unmount();
    const second = renderHook(() => useColumnChoice('list.columns', keys));
    expect(second.result.current[0]).toEqual(['a', 'c']);
  });
});

describe('DataTable', () => {
  type Row = { id: number; name: string };
  const columns: DataColumn<Row>[] = [
    { key: 'id', header: 'شناسه', cell: (r) => r.id, sortKey: 'id' },
    { key: 'name', header: 'نام', cell: (r) => r.name },
  ];
  const table = (props: Partial<Parameters<typeof DataTable<Row>>[0]>) =>
    render(
      <ChakraProvider value={system}>
        <DataTable<Row> label="جدول" columns={columns} rows={[]} rowKey={(r) => String(r.id)} loadingText="صبر کنید" emptyText="خالی است" {...props} />
      </ChakraProvider>,
    );

  it('shows the caller texts while loading and when empty', () => {
    table({ loading: true });
    expect(screen.getByRole('status').textContent).toContain('صبر کنید');
    cleanup();
    table({});
    expect(screen.getByRole('status').textContent).toContain('خالی است');
  });

  it('flips the sort of the active column and opens a row on click', () => {
    const sorts: unknown[] = [];
    const opened: number[] = [];
    table({
      rows: [{ id: 1, name: 'الف' }],
      sort: { key: 'id', ascending: true },
      onSortChange: (s) => sorts.push(s),
      onRowClick: (r) => opened.push(r.id),
    });
    expect(screen.getByRole('columnheader', { name: /شناسه/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /شناسه/ }));
    expect(sorts).toEqual([{ key: 'id', ascending: false }]);
    fireEvent.click(screen.getByText('الف'));
    expect(opened).toEqual([1]);
  });

  it('mounts only a window of rows above the virtualization threshold', () => {
    const rows = Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `ردیف ${i}` }));
    table({ rows, virtualizeAbove: 50 });
    expect(screen.getAllByRole('row').length).toBeLessThan(100);
  });
});

describe('list columns', () => {
  it('show Persian digits, except in a code a person copies as it is', () => {
    type Sale = { token: string; car: string };
    const columns = tableColumns<Sale>([
      { key: 'car', header: 'خودرو', text: (s) => s.car },
      { key: 'token', header: 'کد', text: (s) => s.token, latin: true },
    ]);
    render(
      <ChakraProvider value={system}>
        <DataTable<Sale> label="فروش‌ها" columns={columns} rows={[{ token: 'cs-gk80ss', car: 'پژو 405' }]} rowKey={(s) => s.token} loadingText="…" emptyText="—" />
      </ChakraProvider>,
    );
    expect(screen.getByText('پژو ۴۰۵')).toBeTruthy();
    const code = screen.getByText('cs-gk80ss');
    expect(code.closest('[data-ltr]')).not.toBeNull();
    expect(code.getAttribute('dir')).toBe('ltr');
  });

  // Issue 28, defect 11: 2026-11-25T16:39:05Z is 20:09 in Tehran, on 4 Azar 1405.
  it('give the CSV dates in Jalali, Tehran time, with the instant or the Gregorian day in a column of its own', () => {
    type Row = { at: string; resolved: string | null; day: string };
    const columns = csvColumns<Row>([
      { key: 'at', header: 'زمان ثبت', text: () => '', csv: (r) => r.at, csvDate: 'instant' },
      { key: 'resolved', header: 'زمان بستن', text: () => '', csv: (r) => r.resolved ?? '', csvDate: 'instant' },
      { key: 'day', header: 'تاریخ معامله', text: () => '', csv: (r) => r.day, csvDate: 'day' },
    ]);
    const csv = toCsv([{ at: '2026-11-25T16:39:05Z', resolved: null, day: '2025-03-20' }], columns);
    expect(csv).toBe(
      '\uFEFFزمان ثبت,زمان ثبت (UTC),زمان بستن,زمان بستن (UTC),تاریخ معامله,تاریخ معامله (میلادی)\r\n' +
        '1405/09/04 20:09,2026-11-25T16:39:05.000Z,,,1403/12/30,2025-03-20\r\n',
    );
  });

  it('leave a column of row controls out of the CSV, keeping it in the table', () => {
    type Row = { name: string };
    const declared = [
      { key: 'name', header: 'نام', text: (r: Row) => r.name },
      { key: 'actions', header: 'کارها', text: () => '', controls: true },
    ];
    expect(toCsv([{ name: 'سواری' }], csvColumns<Row>(declared))).toBe('\uFEFFنام\r\nسواری\r\n');
    expect(tableColumns<Row>(declared).map((c) => c.key)).toEqual(['name', 'actions']);
  });
});

describe('ListResults', () => {
  type Row = { id: number; name: string };
  const columns: DataColumn<Row>[] = [{ key: 'name', header: 'نام', cell: (r) => r.name }];
  const results = (answer: { results: Row[]; count: number } | undefined, onPageChange: (page: number) => void = () => {}) =>
    render(
      <ChakraProvider value={system}>
        <ListResults<Row>
          label="جدول"
          columns={columns}
          rowKey={(r) => String(r.id)}
          loadingText="صبر کنید"
          emptyText="خالی است"
          answer={answer}
          loading={answer === undefined}
          paging={{ page: 1, pageSize: 20 }}
          onPageChange={onPageChange}
        />
      </ChakraProvider>,
    );

  it('shows the answered page, then the pager once something matched, and turns the page', () => {
    const pages: number[] = [];
    results({ results: [{ id: 1, name: 'مریم' }], count: 45 }, (page) => pages.push(page));
    expect(screen.getByRole('table', { name: 'جدول' }).textContent).toContain('مریم');
    expect(screen.getByRole('navigation').textContent).toContain('۴۵');
    fireEvent.click(screen.getByRole('button', { name: 'صفحه بعد' }));
    expect(pages).toEqual([2]);
  });

  it('has no pager while loading or when nothing matched', () => {
    results(undefined);
    expect(screen.getByRole('status').textContent).toContain('صبر کنید');
    expect(screen.queryByRole('navigation')).toBeNull();
    cleanup();
    results({ results: [], count: 0 });
    expect(screen.getByRole('status').textContent).toContain('خالی است');
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('Jalali day keys', () => {
  it('converts both ways on the calendar gates', async () => {
    const { dayKeyToJalali, jalaliToDayKey } = await import('./jalali-date-field');
    expect(dayKeyToJalali('2025-03-20')).toBe('۱۴۰۳/۱۲/۳۰');
    expect(dayKeyToJalali('2025-03-21')).toBe('۱۴۰۴/۰۱/۰۱');
    expect(jalaliToDayKey('۱۴۰۴/۱/۱')).toBe('2025-03-21');
    expect(jalaliToDayKey('1403/12/30')).toBe('2025-03-20');
    expect(jalaliToDayKey('1404/07/30')).toBe('2025-10-22');
    expect(jalaliToDayKey('1404/13/01')).toBeUndefined();
    expect(jalaliToDayKey('1403/12/31')).toBeUndefined();
  });

  it("walks the calendar's months: Esfand 1403 has 30 days, Farvardin 31; a month on keeps the day or the month's last", async () => {
    const { monthOf, shiftMonth } = await import('./jalali-date-field');
    const esfand = monthOf('2025-03-10');
    expect(esfand).toHaveLength(30);
    expect(esfand.at(-1)).toBe('2025-03-20');
    expect(monthOf('2025-03-21')).toHaveLength(31);
    expect(shiftMonth('2025-03-20', 1)).toBe('2025-04-19');
    // 31 Farvardin back a month: Esfand 1403 ends on its 30th.
    expect(shiftMonth('2025-04-20', -1)).toBe('2025-03-20');
  });
});

describe('StateTabs', () => {
  it('shows each count in Persian digits once known, marks the selected tab and picks another', () => {
    const picked: string[] = [];
    render(
      <ChakraProvider value={system}>
        <StateTabs
          label="وضعیت"
          tabs={[
            { key: 'PE', label: 'در انتظار', count: 12 },
            { key: 'DO', label: 'انجام شده' },
          ]}
          selected="PE"
          onSelect={(key) => picked.push(key)}
          highlight="PE"
        />
      </ChakraProvider>,
    );
    expect(screen.getByRole('tablist', { name: 'وضعیت' })).toBeTruthy();
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('در انتظار۱۲');
    expect(screen.getByRole('tab', { selected: false }).textContent).toBe('انجام شده');
    fireEvent.click(screen.getByRole('tab', { name: 'انجام شده' }));
    expect(picked).toEqual(['DO']);
  });
});
