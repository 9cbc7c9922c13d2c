import { optionsOf } from '@panel/contracts/common';
import { BUYER_OFFER_STATES, buyerOfferListFilter } from '@panel/contracts/concierge-sale';
import { defineListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { OFFER_COLUMNS } from '../components/sale-columns';

const STATE_OPTIONS = optionsOf(BUYER_OFFER_STATES);

/** The concierge-sale offer list (spec §2's implied screen): every buyer's offer; a row opens its sale. */
export const BuyerOfferListScreen = defineListScreen({
  title: 'پیشنهادهای خریداران فروش همراه',
  filter: buyerOfferListFilter,
  list: (filter) => trpc.conciergeSale.offers.queryOptions(filter),
  export: (filter) => trpc.conciergeSale.exportOffers.queryOptions(filter),
  csv: { fileName: 'concierge-offers', noun: 'پیشنهاد' },
  columns: OFFER_COLUMNS,
  columnsKey: 'panel.concierge-offers.columns',
  fields: (f) => [
    f.search('search', 'جستجو', { placeholder: 'خریدار، تلفن، کد یا خودرو', width: '13rem' }),
    f.multi('state', 'وضعیت پیشنهاد', STATE_OPTIONS, { placeholder: 'همه وضعیت‌ها', width: '11rem' }),
    f.day('date', 'روز پیشنهاد'),
  ],
  label: 'پیشنهادهای خریداران',
  rowKey: (o) => o.id,
  emptyText: 'پیشنهادی یافت نشد!',
  rowHref: (o) => `/panel/concierge-sale/${o.sale_id}`,
});
