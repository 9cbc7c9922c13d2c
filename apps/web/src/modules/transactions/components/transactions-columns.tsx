import { Badge, HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import {
  PARTY_ROLES,
  REFUND_STATES,
  TRANSACTION_DIRECTIONS,
  TRANSACTION_ENTITIES,
  TRANSACTION_KINDS,
  TRANSACTION_STATES,
  type Transaction,
  type TransactionEntity,
} from '@panel/contracts/transactions';
import type { ListColumn } from '@panel/ui';

const ENTITY_PATHS: Record<TransactionEntity, (id: number, label: string) => string> = {
  inspection: (id) => `/panel/inspection/orders/${id}`,
  concierge_sale: (id) => `/panel/concierge-sale/${id}`,
  leasing_claim: (id) => `/panel/leasing/claims/${id}`,
  affidavit: (id) => `/panel/affidavit/${id}`,
  pay_period: (_id, period) => `/panel/accounting/payments?period=${encodeURIComponent(period)}`,
};

/** The screen of the entity a row belongs to. */
export const entityHref = (r: Pick<Transaction, 'entity' | 'entity_id' | 'entity_label'>) => (r.entity && r.entity_id !== null ? ENTITY_PATHS[r.entity](r.entity_id, r.entity_label) : null);
export const entityText = (r: Pick<Transaction, 'entity' | 'entity_label'>) => (r.entity ? `${TRANSACTION_ENTITIES[r.entity]} ${toPersianDigits(r.entity_label)}` : '—');
/** The amount with its direction in words (a sign's place in right-to-left text is the reader's guess). */
export const signedAmount = (r: Pick<Transaction, 'direction' | 'amount'>) => `${formatToman(r.amount)} (${TRANSACTION_DIRECTIONS[r.direction]})`;
export const stateText = (r: Pick<Transaction, 'state' | 'refund_state'>) => (r.refund_state ? REFUND_STATES[r.refund_state] : TRANSACTION_STATES[r.state]);
export const partyText = (r: Pick<Transaction, 'party_name' | 'party_role'>) => `${r.party_name} (${PARTY_ROLES[r.party_role]})`;

/** The entity's link inside a clickable row: opens the entity, not the row's drawer. */
export function EntityLink({ row }: { row: Transaction }) {
  const href = entityHref(row);
  if (!href) return <>{entityText(row)}</>;
  return (
    <Link asChild colorPalette="green" onClick={(e) => e.stopPropagation()}>
      <RouterLink to={href}>{entityText(row)}</RouterLink>
    </Link>
  );
}

/** The list's columns, declared once for the table, the column chooser and the CSV. */
export const TRANSACTIONS_COLUMNS: ListColumn<Transaction>[] = [
  { key: 'created_at', header: 'زمان', text: (r) => formatJalaliDateTime(r.created_at), csv: (r) => r.created_at, csvDate: 'instant', sortKey: 'created_at' },
  { key: 'kind', header: 'نوع', text: (r) => TRANSACTION_KINDS[r.kind] },
  { key: 'direction', header: 'جهت', text: (r) => TRANSACTION_DIRECTIONS[r.direction] },
  {
    key: 'amount',
    header: 'مبلغ',
    text: signedAmount,
    csv: (r) => (r.direction === 'in' ? r.amount : -r.amount),
    sortKey: 'amount',
    render: (r) => (
      <Text as="span" whiteSpace="nowrap" fontWeight="medium" color={r.direction === 'in' ? 'green.700' : 'red.700'}>
        {formatToman(r.amount)}
      </Text>
    ),
  },
  {
    key: 'state',
    header: 'وضعیت',
    text: (r) => (r.overdue ? `${stateText(r)} — دیرکرد` : stateText(r)),
    render: (r) => (
      <HStack gap="1" flexWrap="wrap">
        <Text as="span">{stateText(r)}</Text>
        {r.overdue && (
          <Badge colorPalette="red" variant="solid">
            دیرکرد
          </Badge>
        )}
      </HStack>
    ),
  },
  { key: 'party', header: 'طرف حساب', text: partyText, csv: (r) => r.party_name },
  { key: 'phone', header: 'تلفن', text: (r) => r.party_phone ?? '—', csv: (r) => r.party_phone, latin: true },
  { key: 'entity', header: 'مربوط به', text: entityText, render: (r) => <EntityLink row={r} /> },
  { key: 'reference', header: 'شماره پیگیری / مرجع', text: (r) => r.reference ?? '—', csv: (r) => r.reference, latin: true },
  { key: 'description', header: 'شرح', text: (r) => r.description },
];
export const DEFAULT_TRANSACTION_COLUMNS = ['created_at', 'kind', 'direction', 'amount', 'state', 'party', 'entity', 'reference'];
