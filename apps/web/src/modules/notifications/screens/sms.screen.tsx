import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { LuSend } from 'react-icons/lu';
import { StateTabs } from '@panel/ui';
import { NOTIFICATIONS_ACCESS } from '@panel/contracts/notifications';
import { useCan } from '../../../lib/session';
import { HistoryTab } from '../components/history-tab';
import { TemplatesTab } from '../components/templates-tab';
import { SendSmsDialog } from '../components/send-sms-dialog';

type Tab = 'history' | 'templates';
const TABS = [
  { key: 'history' as const, label: 'تاریخچه پیامک‌ها' },
  { key: 'templates' as const, label: 'قالب‌های پیامک' },
];

/** /panel/sms: the SMS history and the templates, each a list in the address, and the send dialog. */
export function SmsScreen() {
  const [params, setParams] = useSearchParams();
  const isStaff = useCan(NOTIFICATIONS_ACCESS.manage);
  const tab: Tab = params.get('tab') === 'templates' ? 'templates' : 'history';
  const [sending, setSending] = useState<{ templateId: number | null } | null>(null);
  const tabs = <StateTabs label="بخش‌های پنل پیامک" tabs={TABS} selected={tab} onSelect={(key) => setParams(key === 'templates' ? { tab: 'templates' } : {})} />;
  const actions = isStaff && (
    <Button size="sm" onClick={() => setSending({ templateId: null })}>
      <LuSend aria-hidden />
      ارسال پیامک
    </Button>
  );
  return (
    <>
      {tab === 'history' ? <HistoryTab tabs={tabs} actions={actions} /> : <TemplatesTab tabs={tabs} actions={actions} onSend={(t) => setSending({ templateId: t.id })} />}
      <SendSmsDialog open={sending !== null} templateId={sending?.templateId ?? null} onClose={() => setSending(null)} />
    </>
  );
}
