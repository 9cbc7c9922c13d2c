import type { CarRecordRef } from '@panel/contracts/car-detail';

/**
 * The screen of each record a car's history names (decision 120): a detail page where the module
 * has one, else its list filtered to the record (the pricing order's tab and code, a ticket's
 * number with open and resolved tickets both shown).
 */
export function carRecordPath(ref: CarRecordRef): string {
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  switch (ref.kind) {
    case 'car_post':
      return `/panel/car-posts/${ref.id}`;
    case 'sale':
      return `/panel/concierge-sale/${ref.id}`;
    case 'order':
      return `/panel/inspection/orders/${ref.id}`;
    case 'affidavit':
      return `/panel/affidavit/${ref.id}`;
    case 'pricing':
      return `/panel/pricing-order-list?${query({ ...(ref.tab ? { status: ref.tab } : {}), search: ref.code ?? String(ref.id) })}`;
    case 'sell_ticket':
      return `/panel/sell-tickets?${query({ query: String(ref.id), resolved: '' })}`;
    case 'ticket':
      return `/panel/inspection/tickets?${query({ query: String(ref.id), resolved: '' })}`;
    case 'expert_ticket':
      return `/panel/experts/tickets?${query({ query: String(ref.id), resolved: '' })}`;
  }
}
