import { optionsOf } from '@panel/contracts/common';
import type { ReactNode } from 'react';
import { NOTIFICATIONS_ACCESS, NOTIFICATION_MESSAGES, TEMPLATE_STATES, templateListFilter, type SmsTemplate } from '@panel/contracts/notifications';
import { ListScreen, listScreen, useListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { withAddressKeys } from './address-kit';
import { TEMPLATE_COLUMNS } from './template-columns';
import { TemplateDrawer } from './template-drawer';

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
  detailAddress: 'template',
});

/** The SMS templates: search, state, sort; a row opens its drawer, kept in the address (`template=12`, `template=new`). */
export function TemplatesTab({ tabs, actions, onSend }: { tabs: ReactNode; actions: ReactNode; onSend: (template: SmsTemplate) => void }) {
  const screen = useListScreen(TEMPLATES);
  const d = screen.detail;
  return (
    <ListScreen screen={screen} above={tabs} actions={actions} onRowClick={d.change}>
      <TemplateDrawer id={d.creating ? 'new' : d.id} onClose={d.close} onOpen={d.show} onSend={onSend} />
    </ListScreen>
  );
}
