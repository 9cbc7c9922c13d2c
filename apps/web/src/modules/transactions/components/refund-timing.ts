import { toPersianDigits } from '@panel/contracts/common';
import { REFUND_OVERDUE_HOURS } from '@panel/contracts/transactions';

const HOUR = 3_600_000;

/** How long a refund has waited, as a person says it: «۲ روز و ۵ ساعت», «۳ ساعت», «کمتر از یک ساعت». */
export function waitedText(since: string, now: number = Date.now()): string {
  const hours = Math.max(0, Math.floor((now - Date.parse(since)) / HOUR));
  if (hours < 1) return 'کمتر از یک ساعت';
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  if (days === 0) return `${toPersianDigits(rest)} ساعت`;
  return rest === 0 ? `${toPersianDigits(days)} روز` : `${toPersianDigits(days)} روز و ${toPersianDigits(rest)} ساعت`;
}

/** The alert of a refund past the threshold, with how long it has waited. */
export const overdueText = (since: string, now?: number) => `دیرکرد: ${waitedText(since, now)} در انتظار (بیش از ${toPersianDigits(REFUND_OVERDUE_HOURS)} ساعت)`;
