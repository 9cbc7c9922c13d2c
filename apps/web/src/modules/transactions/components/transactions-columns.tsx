import { formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import type { Transactions } from '@panel/contracts/transactions';
import type { ListColumn } from '@panel/ui';

/** The list's columns, declared once for the table, the column chooser and the CSV. */
export const TRANSACTIONS_COLUMNS: ListColumn<Transactions>[] = [
  { key: 'name', header: 'نام', text: (r) => toPersianDigits(r.name), csv: (r) => r.name, sortKey: 'name' },
  { key: 'created_at', header: 'زمان ثبت', text: (r) => formatJalaliDateTime(r.created_at), csv: (r) => r.created_at, csvDate: 'instant', sortKey: 'created_at' },
  { key: 'created_by', header: 'ثبت‌کننده', text: (r) => r.created_by },
];
