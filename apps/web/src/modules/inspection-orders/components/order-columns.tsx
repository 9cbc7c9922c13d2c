import { Badge } from '@chakra-ui/react';
import type { ListColumn } from '@panel/ui';
import { formatJalaliDate, formatJalaliDateTime, formatNumber, toPersianDigits } from '@panel/contracts/common';
import type { OrderListItem } from '@panel/contracts/inspection-orders';
import { orderStateLabel, requestTypeLabel, timeSlotLabel } from '../state/order-labels';

/** A person by name; by their id or username (Persian digits) only when the gateway has no name. */
export function personName(name: string | null, id: string | number | null): string {
  if (name) return name;
  return id === null ? '—' : toPersianDigits(id);
}

export const ORDER_COLUMNS: ListColumn<OrderListItem>[] = [
  { key: 'code', header: 'کد سفارش', text: (r) => toPersianDigits(r.code), csv: (r) => r.code, sortKey: 'code' },
  { key: 'state', header: 'وضعیت', text: (r) => orderStateLabel(r.state), render: (r) => <Badge variant="subtle">{orderStateLabel(r.state)}</Badge> },
  { key: 'customer_name', header: 'نام مشتری', text: (r) => r.customer_name, sortKey: 'customer_name' },
  { key: 'phone_number', header: 'شماره تماس', text: (r) => toPersianDigits(r.phone_number), csv: (r) => r.phone_number },
  { key: 'city', header: 'شهر', text: (r) => r.city },
  { key: 'brand_model', header: 'خودرو', text: (r) => r.brand_model, sortKey: 'brand_model' },
  { key: 'package', header: 'بسته', text: (r) => r.package },
  { key: 'visit_date', header: 'تاریخ بازدید', text: (r) => (r.visit_date ? formatJalaliDate(r.visit_date) : '—'), csv: (r) => r.visit_date ?? '', csvDate: 'day' },
  { key: 'time_slot', header: 'بازه زمانی', text: (r) => timeSlotLabel(r.time_slot) || '—', sortKey: 'time_slot' },
  { key: 'price', header: 'قیمت (تومان)', text: (r) => formatNumber(r.price), csv: (r) => r.price, sortKey: 'price', align: 'end' },
  { key: 'request_type', header: 'نوع درخواست', text: (r) => requestTypeLabel(r.request_type) },
  { key: 'assistant', header: 'پشتیبان', text: (r) => personName(r.assistant_name, r.assistant) },
  { key: 'expert_id', header: 'کارشناس', text: (r) => personName(r.expert_name, r.expert_id) },
  { key: 'mechanic_id', header: 'مکانیک', text: (r) => personName(r.mechanic_name, r.mechanic_id) },
  { key: 'qc', header: 'کنترل کیفیت', text: (r) => (r.qc ? 'بله' : 'خیر') },
  { key: 'pricing', header: 'قیمت‌گذاری', text: (r) => (r.pricing ? 'بله' : 'خیر') },
  { key: 'created_at', header: 'زمان ثبت', text: (r) => formatJalaliDateTime(r.created_at), csv: (r) => r.created_at, csvDate: 'instant', sortKey: 'created_at' },
];

export const ORDER_COLUMN_KEYS = ORDER_COLUMNS.map((c) => c.key);
export const DEFAULT_ORDER_COLUMNS = ['code', 'state', 'customer_name', 'phone_number', 'city', 'brand_model', 'package', 'visit_date', 'time_slot', 'price'];
export const ORDER_COLUMNS_STORAGE_KEY = 'panel.inspection-orders.columns';
