import { useEffect, useMemo, useState } from 'react';
import { Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { MESSAGES, formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import { OFFER_MESSAGES, offerAnswers, type LiveOffer } from '@panel/contracts/inspection-offers';
import { DataTable, tableColumns, type ListColumn } from '@panel/ui';
import { OfferMonitoring } from '../../../lib/offer-monitoring';
import { useOpenOffers } from '../api/offers-live';

/** Minutes and seconds left until `deadline`, in Persian digits ("۰۰:۰۰" once it has passed). */
export function countdown(deadline: string, now: number): string {
  const seconds = Math.max(0, Math.floor((Date.parse(deadline) - now) / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  return toPersianDigits(`${two(Math.floor(seconds / 60))}:${two(seconds % 60)}`);
}

function Countdown({ deadline, now }: { deadline: string; now: number }) {
  const left = Date.parse(deadline) - now;
  return (
    <Text as="span" fontWeight="semibold" fontVariantNumeric="tabular-nums" color={left < 5 * 60_000 ? 'fg.error' : undefined} aria-label={`مانده تا مهلت ${countdown(deadline, now)}`}>
      {countdown(deadline, now)}
    </Text>
  );
}

function columnsAt(now: number): ListColumn<LiveOffer>[] {
  return [
    { key: 'order_code', header: 'کد سفارش', text: (o) => toPersianDigits(o.order_code) },
    { key: 'customer_name', header: 'مشتری', text: (o) => o.customer_name },
    { key: 'city', header: 'شهر', text: (o) => o.city },
    { key: 'visit_place', header: 'محل بازدید', text: (o) => o.visit_place },
    { key: 'package', header: 'بسته', text: (o) => o.package },
    { key: 'price', header: 'قیمت', text: (o) => formatToman(o.price) },
    { key: 'sent_at', header: 'زمان ارسال', text: (o) => formatJalaliDateTime(o.sent_at) },
    { key: 'left', header: 'مانده تا مهلت', text: (o) => countdown(o.deadline, now), render: (o) => <Countdown deadline={o.deadline} now={now} /> },
    {
      key: 'answers',
      header: 'دیده / رد شده',
      text: (o) => offerAnswers(o).text,
    },
  ];
}
const KEYS = columnsAt(0).map((c) => c.key);

/**
 * Offer monitoring (issue 14, decision 033): the open offers with a countdown to their deadline,
 * live: an expert seeing, declining or accepting one, its expiry or its removal by staff shows
 * the moment it happens; the connection state is always shown. A row opens its order.
 */
export function OfferMonitoringScreen() {
  const navigate = useNavigate();
  const { offers, link } = useOpenOffers();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  const columns = useMemo(() => tableColumns(columnsAt(now), KEYS), [now]);

  return (
    <OfferMonitoring
      title="پایش پیشنهادها"
      summary={`${toPersianDigits(offers.length)} پیشنهاد باز`}
      link={link}
      loading={link.lastSyncedAt === null}
      empty={offers.length === 0}
      emptyText={OFFER_MESSAGES.monitoringEmpty}
    >
      <DataTable
        label="پیشنهادهای باز"
        columns={columns}
        rows={offers}
        rowKey={(o) => String(o.id)}
        loadingText={MESSAGES.loading}
        emptyText={OFFER_MESSAGES.monitoringEmpty}
        onRowClick={(o) => navigate(`/panel/inspection/orders/${o.inspection_pk}`)}
      />
    </OfferMonitoring>
  );
}
