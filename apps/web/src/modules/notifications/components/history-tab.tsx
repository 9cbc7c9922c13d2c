import { optionsOf } from '@panel/contracts/common';
import type { ReactNode } from 'react';
import { NOTIFICATION_MESSAGES, OUTBOX_ENTITIES, OUTBOX_ENTITY_LIST, OUTBOX_STATES, outboxListFilter } from '@panel/contracts/notifications';
import { ListScreen, listScreen, useListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { MessageDrawer } from './message-drawer';
import { OUTBOX_COLUMNS } from './outbox-columns';

const STATE_OPTIONS = optionsOf(OUTBOX_STATES);
// Pushes to experts are listed on /panel/notification; the SMS history offers what SMS concern.
const ENTITY_OPTIONS = OUTBOX_ENTITY_LIST.filter((e) => e !== 'expert_message' && e !== 'inspection_offer').map((value) => ({ value, label: OUTBOX_ENTITIES[value] }));

const HISTORY = listScreen({
  title: 'پنل پیامک',
  filter: outboxListFilter,
  list: (filter) => trpc.notifications.history.queryOptions(filter),
  export: (filter) => trpc.notifications.exportHistory.queryOptions(filter),
  csv: { fileName: 'sms-history', noun: 'پیامک' },
  columns: OUTBOX_COLUMNS,
  columnsKey: 'panel.sms.history.columns',
  fields: (f) => [
    f.search('target', 'شماره گیرنده', { placeholder: '۰۹۱۲...', width: '10rem' }),
    f.search('text', 'متن پیام', { placeholder: 'بخشی از متن', width: '12rem' }),
    f.choice('entity', 'درباره', ENTITY_OPTIONS, { width: '10rem' }),
    f.choice('state', 'وضعیت', STATE_OPTIONS, { width: '10rem', more: true }),
    f.search('createdBy', 'ثبت‌کننده', { placeholder: 'نام یا نام کاربری', width: '10rem', more: true }),
    f.range(['createdFrom', 'createdTo'], ['ثبت از', 'ثبت تا'], 'day', { more: true }),
  ],
  label: 'تاریخچه پیامک‌ها',
  rowKey: (m) => m.id,
  emptyText: NOTIFICATION_MESSAGES.emptyHistory,
  errorText: 'تاریخچه پیامک‌ها بارگذاری نشد.',
  detail: (d) => <MessageDrawer message={d.row} onClose={d.close} />,
});

/** The SMS history: every SMS the panel recorded (never sent by it), filters in the address. */
export function HistoryTab({ tabs, actions }: { tabs: ReactNode; actions: ReactNode }) {
  return <ListScreen screen={useListScreen(HISTORY)} above={tabs} actions={actions} />;
}
