import { useCallback, useMemo, useState } from 'react';
import { Badge, Button, Card, Field, HStack, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { formatJalaliDateTime, formatNumber, formatToman, toPersianDigits } from '@panel/contracts/common';
import { AcceptOfferInputSchema, DEFAULT_COMMISSION, SALE_WORKFLOW, type BuyerOffer, type SaleListItem } from '@panel/contracts/concierge-sale';
import { ConfirmDialog, JalaliDateField, LatinCode, notify } from '@panel/ui';
import { OfferMonitoring } from '../../../lib/offer-monitoring';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { useOffersLive } from '../api/offers-live';
import { CommissionPreview, TextInput, typedNumber } from '../components/sale-actions';
import { boundsLabel } from '../components/sale-columns';

const todayKey = () => new Date(Date.now() + 3.5 * 3_600_000).toISOString().slice(0, 10);

/** The supervisor accepts an offer: the deal starts at its amount, with the date and percents asked here. */
function AcceptDialog({ offer, onClose }: { offer: BuyerOffer; onClose: () => void }) {
  const navigate = useNavigate();
  const [date, setDate] = useState<string | undefined>(todayKey());
  const [sale, setSale] = useState(toPersianDigits(DEFAULT_COMMISSION.sale));
  const [buy, setBuy] = useState(toPersianDigits(DEFAULT_COMMISSION.buy));
  const [error, setError] = useState<string | null>(null);
  const accept = useMutation(
    trpc.conciergeSale.acceptOffer.mutationOptions({
      onSuccess: (result) => {
        notify(result.message, 'success');
        navigate(`/panel/concierge-sale/${result.id}`);
      },
    }),
  );
  const action = SALE_WORKFLOW.actions.accept_offer;
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={action.label}
      message={`${action.confirm} پیشنهاد ${offer.buyer_name}: ${formatToman(offer.amount)} برای ${toPersianDigits(offer.car_brand_model)}`}
      confirmLabel={action.label}
      onConfirm={() => {
        const parsed = AcceptOfferInputSchema.safeParse({ offer_id: offer.id, deal_date: date, sale_commission_percent: typedNumber(sale), buy_commission_percent: typedNumber(buy) });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? null);
          return Promise.reject(parsed.error);
        }
        return accept.mutateAsync(parsed.data);
      }}
    >
      <Stack gap="3">
        <Field.Root>
          <Field.Label>تاریخ معامله</Field.Label>
          <JalaliDateField label="تاریخ معامله" value={date} onChange={setDate} width="100%" />
        </Field.Root>
        <HStack gap="3" align="start">
          <TextInput label="درصد کمیسیون فروش" value={sale} onChange={setSale} inputMode="decimal" />
          <TextInput label="درصد کمیسیون خرید" value={buy} onChange={setBuy} inputMode="decimal" />
        </HStack>
        <CommissionPreview price={offer.amount} sale={sale} buy={buy} />
        {error && (
          <Text color="fg.error" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </ConfirmDialog>
  );
}

function SaleOffers({ sale, offers, canAccept, onAccept }: { sale: SaleListItem | undefined; offers: BuyerOffer[]; canAccept: boolean; onAccept: (offer: BuyerOffer) => void }) {
  const first = offers[0];
  const token = sale?.token ?? first?.sale_token ?? '';
  const id = sale?.id ?? first?.sale_id;
  const car = toPersianDigits(sale ? `${sale.car_brand_model} ${sale.car_brand_model_year}` : first ? `${first.car_brand_model} ${first.car_brand_model_year}` : '');
  return (
    <Card.Root size="sm" data-testid={`sale-${token}`}>
      <Card.Header>
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Heading as="h2" size="md">
            {car} <LatinCode value={token} fontSize="sm" color="fg.muted" />
          </Heading>
          <HStack gap="4" fontSize="sm">
            {first && first.min_price !== null && first.max_price !== null && (
              <Text>
                بازه قیمت: {formatNumber(first.min_price)} تا {formatNumber(first.max_price)} تومان
              </Text>
            )}
            {sale?.price !== null && sale?.price !== undefined && <Text>قیمت درخواستی: {formatToman(sale.price)}</Text>}
            {id !== undefined && (
              <Button asChild size="xs" variant="outline">
                <Link to={`/panel/concierge-sale/${id}`}>جزئیات فروش</Link>
              </Button>
            )}
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body pt="0">
        {offers.length === 0 ? (
          <Text color="fg.muted">هنوز پیشنهادی برای این خودرو نرسیده است.</Text>
        ) : (
          <Table.Root size="sm" aria-label={`پیشنهادهای ${car}`}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>خریدار</Table.ColumnHeader>
                <Table.ColumnHeader>تلفن</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">مبلغ (تومان)</Table.ColumnHeader>
                <Table.ColumnHeader>نسبت به بازه</Table.ColumnHeader>
                <Table.ColumnHeader>زمان</Table.ColumnHeader>
                {canAccept && <Table.ColumnHeader>اقدام</Table.ColumnHeader>}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {offers.map((offer) => {
                const bounds = boundsLabel(offer);
                return (
                  <Table.Row key={offer.id} data-testid="buyer-offer">
                    <Table.Cell>{offer.buyer_name}</Table.Cell>
                    <Table.Cell dir="ltr" textAlign="right">
                      {toPersianDigits(offer.buyer_phone_number)}
                    </Table.Cell>
                    <Table.Cell textAlign="end" fontWeight="bold">
                      {formatNumber(offer.amount)}
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={bounds.color} variant="subtle">
                        {bounds.text}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>{formatJalaliDateTime(offer.created_at)}</Table.Cell>
                    {canAccept && (
                      <Table.Cell>
                        <Button size="xs" colorPalette="green" onClick={() => onAccept(offer)} aria-label={`پذیرش پیشنهاد ${offer.buyer_name}`}>
                          پذیرش
                        </Button>
                      </Table.Cell>
                    )}
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** Live offer monitoring (`/panel/concierge-sale/offer-monitoring`): the sales on offer with buyers' offers arriving live. */
export function OfferMonitoringScreen() {
  const queryClient = useQueryClient();
  const canAccept = useCan(SALE_WORKFLOW.rolesOf('accept_offer'));
  const onOffer = useQuery(trpc.conciergeSale.list.queryOptions({ status: ['on_offer'], pageSize: 100 }));
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: trpc.conciergeSale.list.queryKey() }), [queryClient]);
  const { link, offers } = useOffersLive(refresh);
  const [accepting, setAccepting] = useState<BuyerOffer | null>(null);

  const groups = useMemo(() => {
    const bySale = new Map<number, { sale: SaleListItem | undefined; offers: BuyerOffer[] }>();
    for (const sale of onOffer.data?.results ?? []) bySale.set(sale.id, { sale, offers: [] });
    for (const offer of offers.values()) {
      const group = bySale.get(offer.sale_id) ?? { sale: undefined, offers: [] };
      group.offers.push(offer);
      bySale.set(offer.sale_id, group);
    }
    for (const group of bySale.values()) group.offers.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
    // Sales with the newest offer first; those still waiting for one after.
    return [...bySale.values()].sort((a, b) => (b.offers[0]?.created_at ?? '').localeCompare(a.offers[0]?.created_at ?? ''));
  }, [offers, onOffer.data]);

  return (
    <OfferMonitoring
      title="پایش پیشنهادهای فروش همراه"
      summary={`${formatNumber(groups.length)} خودرو در پیشنهاد، ${formatNumber(offers.size)} پیشنهاد باز`}
      link={link}
      loading={onOffer.isPending && link.status === 'connecting'}
      empty={groups.length === 0}
      emptyText="اکنون هیچ خودرویی در پیشنهاد خریداران نیست."
    >
      <Stack gap="4">
        {groups.map((group) => (
          <SaleOffers key={group.sale?.id ?? group.offers[0]!.sale_id} sale={group.sale} offers={group.offers} canAccept={canAccept} onAccept={setAccepting} />
        ))}
      </Stack>
      {accepting && <AcceptDialog offer={accepting} onClose={() => setAccepting(null)} />}
    </OfferMonitoring>
  );
}
