import { CITIES, optionsOf } from '@panel/contracts/common';
import { OFFER_MESSAGES, OFFER_STATES, offerListFilter } from '@panel/contracts/inspection-offers';
import { defineListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { OFFER_COLUMNS } from '../components/offer-columns';

const STATE_OPTIONS = optionsOf(OFFER_STATES);
const CITY_OPTIONS = CITIES.map((c) => ({ value: c.id, label: c.name }));

/** Offers sent to experts (issue 14): every offer, filters in the address, CSV; a row opens its order. */
export const OfferListScreen = defineListScreen({
  title: 'لیست پیشنهادها',
  filter: offerListFilter,
  procedures: trpc.inspectionOffers,
  csv: { fileName: 'offers', noun: 'پیشنهاد' },
  columns: OFFER_COLUMNS,
  columnsKey: 'panel.offers.columns',
  fields: (f) => [
    f.search('query', 'جستجو', { placeholder: 'کد سفارش یا نام مشتری', width: '14rem' }),
    f.multi('state', 'وضعیت پیشنهاد', STATE_OPTIONS, { placeholder: 'همه وضعیت‌ها', width: '12rem' }),
    f.multi('cities', 'شهر', CITY_OPTIONS, { placeholder: 'همه شهرها', width: '12rem' }),
    f.day('date', 'تاریخ ارسال'),
  ],
  label: 'پیشنهادها',
  rowKey: (o) => o.id,
  emptyText: OFFER_MESSAGES.empty,
  rowHref: (o) => `/panel/inspection/orders/${o.inspection_pk}`,
});
