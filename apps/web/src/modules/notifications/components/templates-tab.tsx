import { optionsOf } from '@panel/contracts/common';
import type { ReactNode } from 'react';
import { NOTIFICATIONS_ACCESS, NOTIFICATION_MESSAGES, TEMPLATE_STATES, templateListFilter } from '@panel/contracts/notifications';
import { ListScreen, listScreen, useListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { withAddressKeys } from './address-kit';
import { TEMPLATE_COLUMNS } from './template-columns';

const STATE_OPTIONS = optionsOf(TEMPLATE_STATES);

const TEMPLATES = listScreen({
  title: 'پنل پیامک',
  filter: withAddressKeys(templateListFilter, { tab: 'templates' }),
  list: (filter) => trpc.notifications.templates.queryOptions(filter),
  export: (filter) => trpc.notifications.exportTemplates.queryOptions(filter),
  csv: { fileName: 'sms-templates', noun: 'قالب' },
  columns: TEMPLATE_COLUMNS,
  columnsKey: 'panel.sms.templates.columns',
  fields: (f) => [f.search('search', 'جستجوی قالب', { placeholder: 'نام یا متن', width: '12rem' }), f.choice('state', 'وضعیت قالب', STATE_OPTIONS, { width: '9rem' })],
  label: 'قالب‌های پیامک',
  rowKey: (t) => t.id,
  emptyText: NOTIFICATION_MESSAGES.emptyTemplates,
  errorText: 'قالب‌ها بارگذاری نشد.',
  create: { label: 'قالب تازه', access: NOTIFICATIONS_ACCESS.manage },
});

/** The SMS templates: search, state, sort; a row opens its drawer (addressed by `template=`). */
export function TemplatesTab({ tabs, actions, onOpen }: { tabs: ReactNode; actions: ReactNode; onOpen: (id: number | 'new') => void }) {
  return <ListScreen screen={useListScreen(TEMPLATES)} above={tabs} actions={actions} onRowClick={(t) => onOpen(t.id)} onCreate={() => onOpen('new')} />;
}
