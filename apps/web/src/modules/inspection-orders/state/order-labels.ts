import { CITIES, INSPECTION_STATE_LABELS, toPersianDigits } from '@panel/contracts/common';
import { REQUEST_TYPE_LABELS, ORDER_LIST_STATE_LABELS } from '@panel/contracts/inspection-orders';

const STATE_LABELS: Record<string, string> = { ...INSPECTION_STATE_LABELS, ...ORDER_LIST_STATE_LABELS };

/** The order-list wording first (spec §4 Order list states), then the inspection one for D and F. */
export const orderStateLabel = (state: string): string => STATE_LABELS[state] ?? state;

export const requestTypeLabel = (type: string): string => REQUEST_TYPE_LABELS[type as keyof typeof REQUEST_TYPE_LABELS] ?? type;

export const cityName = (id: number): string => CITIES.find((c) => c.id === id)?.name ?? toPersianDigits(id);

/** '08-10' → '۸ تا ۱۰' */
export function timeSlotLabel(slot: string | null): string {
  if (!slot) return '';
  const [from, to] = slot.split('-');
  return `${toPersianDigits(Number(from))} تا ${toPersianDigits(Number(to))}`;
}
