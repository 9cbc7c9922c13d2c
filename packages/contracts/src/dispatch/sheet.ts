import { toPersianDigits } from '../common/digits';

// The dispatch sheet's own words and settings (spec §2, §4, §5): its date options, cancel
// types, live path, refresh periods, drawer widths and the messages of its actions. No schema
// here (sheet.schemas.ts): the sheet's first load reads this through '@panel/contracts/dispatch/plain'.

// 'tommorrow' is misspelled on purpose: it is the upstream's wire value.
export const DATE_OPTION_TYPES = ['today', 'yesterday', 'tommorrow', 'date'] as const;
export type DateOptionType = (typeof DATE_OPTION_TYPES)[number];
// A plain 'date' option is shown as its Jalali date, so it has no word of its own.
export const DATE_OPTION_TYPE_LABELS: Record<Exclude<DateOptionType, 'date'>, string> = {
  today: 'امروز',
  yesterday: 'دیروز',
  tommorrow: 'فردا',
};

// 'unset' is first because the cancel form starts there and may not be submitted with it (spec §4, §5).
// The gateway's cancel call only knows cancel_by_expert, so by_expert maps to true and the rest to false.
export const CANCEL_TYPES = ['unset', 'by_expert', 'by_customer', 'by_operator'] as const;
export type CancelType = (typeof CANCEL_TYPES)[number];
export const CANCEL_TYPE_LABELS: Record<CancelType, string> = {
  unset: 'انتخاب نشده',
  by_expert: 'لغو توسط کارشناس',
  by_customer: 'لغو توسط مشتری',
  by_operator: 'لغو توسط پشتیبانی',
};
export function isCancelByExpert(type: CancelType): boolean {
  return type === 'by_expert';
}

export const WS_DISPATCH_PATH = '/ws/dispatch';

export const SHIFT_STATS_REFETCH_MS = 30_000;
export const SERVER_TIME_REFETCH_MS = 15 * 60 * 1000;

export const DRAWER_NAME_MAX_WIDTH = 20;
export const DISPATCH_DRAWER_WIDTH = 48;

// Codes are shown in Persian digits; what is copied stays the code itself.
export function orderWithoutExpertMessage(code: string): string {
  return `سفارش ${toPersianDigits(code)} در حال حاضر بدون کارشناس است.`;
}

export function orderCodeCopiedMessage(code: string): string {
  return `کد سفارش ${toPersianDigits(code)} کپی شد`;
}
