import { optionsOf } from '@panel/contracts/common';
import { DISCOUNTS_ACCESS, DISCOUNTS_MESSAGES, DISCOUNT_KINDS, DISCOUNT_STATUSES, discountsListFilter, type Campaign, type DiscountCode } from '@panel/contracts/discounts';
import { ListScreen, listScreen, useListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { CampaignDialog } from '../components/campaign-dialog';
import { CampaignsPanel } from '../components/campaigns-panel';
import { CheckDiscountDialog } from '../components/check-discount-dialog';
import { CreateDiscountDialog } from '../components/create-discount-dialog';
import { DiscountDrawer } from '../components/discount-drawer';
import { DISCOUNTS_COLUMNS } from '../components/discounts-columns';

const STATUS_OPTIONS = optionsOf(DISCOUNT_STATUSES);
const KIND_OPTIONS = optionsOf(DISCOUNT_KINDS);

/** The latest campaigns, for the list's campaign filter. */
const CAMPAIGN_CHOICES = {
  query: trpc.discounts.campaigns.queryOptions(),
  options: (campaigns: Campaign[]) => campaigns.map((c) => ({ value: c.id, label: c.name })),
};

const DISCOUNTS_LIST = listScreen({
  title: 'کدهای تخفیف',
  filter: discountsListFilter,
  procedures: trpc.discounts,
  csv: { fileName: 'discounts', noun: 'کد' },
  columns: DISCOUNTS_COLUMNS,
  columnsKey: 'panel.discounts.columns',
  defaultColumns: ['code', 'value', 'state', 'used', 'valid_until', 'campaign', 'created_at'],
  fields: (f) => [
    f.search('search', 'جستجوی کد', { placeholder: 'ابتدای کد', width: '12rem' }),
    f.choice('status', 'وضعیت', STATUS_OPTIONS, { all: 'همه وضعیت‌ها', width: '10rem' }),
    f.choice('kind', 'نوع', KIND_OPTIONS, { all: 'همه انواع', width: '9rem' }),
    f.range(['validFrom', 'validTo'], ['معتبر از', 'معتبر تا'], 'day', { more: true }),
    f.choice('campaign', 'کمپین', CAMPAIGN_CHOICES, { all: 'همه کمپین‌ها', width: '12rem', more: true }),
  ],
  label: 'کدهای تخفیف',
  rowKey: (r: DiscountCode) => r.id,
  emptyText: DISCOUNTS_MESSAGES.empty,
  errorText: DISCOUNTS_MESSAGES.loadFailed,
  refetchInterval: 10_000,
  create: { label: 'کد تازه', access: DISCOUNTS_ACCESS.act },
  detail: (d) => (
    <>
      <DiscountDrawer id={d.id} onClose={d.close} />
      <CreateDiscountDialog open={d.creating} onClose={d.close} onCreated={d.show} />
    </>
  ),
  dialogs: [
    { label: 'بررسی کد', draw: (d) => <CheckDiscountDialog open={d.open} onClose={d.close} /> },
    {
      label: 'کمپین کدهای یکتا',
      access: DISCOUNTS_ACCESS.act,
      draw: (d) => <CampaignDialog open={d.open} onClose={d.close} onShow={(campaign) => d.update({ campaign, page: 1 })} />,
    },
  ],
});

/**
 * کدهای تخفیف (/panel/discount, issue 33): the codes with their filters in the address and the
 * database's used counts (refreshed while the screen is open), a code in a drawer with its
 * state's buttons and a use recorded, a new code, a campaign of unique codes and the check of a
 * code against an order in dialogs.
 */
export function DiscountsListScreen() {
  const screen = useListScreen(DISCOUNTS_LIST);
  return <ListScreen screen={screen} above={<CampaignsPanel campaignId={screen.filter.campaign} />} />;
}
