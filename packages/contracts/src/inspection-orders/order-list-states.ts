import { z } from 'zod';

// The order list's states (spec §4) and its first sort.

export const OrderListStateSchema = z.enum(['R', 'A', 'C', 'P', 'M', 'T', 'O', 'E', 'I', 'S', 'Q', 'W']);
export type OrderListState = z.infer<typeof OrderListStateSchema>;
// The spec gives only English meanings for the order list; these are our Persian wording of them.
export const ORDER_LIST_STATE_LABELS: Record<OrderListState, string> = {
  R: 'درخواست جدید',
  A: 'تخصیص یافته',
  C: 'تماس گرفته شده',
  P: 'پیشنهاد',
  M: 'در انتظار تخصیص مکانیک',
  T: 'در انتظار تخصیص کارشناس',
  O: 'تخصیص نهایی',
  E: 'اعزام شده',
  I: 'کارشناس در محل',
  S: 'شروع کارشناسی',
  Q: 'در انتظار کنترل کیفیت',
  W: 'در انتظار تخمین قیمت',
};
// Spec §4: every state is selected when the order list opens.
export const DEFAULT_ORDER_LIST_STATES: readonly OrderListState[] = OrderListStateSchema.options;

export const ORDER_LIST_DEFAULT_SORT = { column: 'time_slot', ascending: true } as const;
