import { Box, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES, formatJalaliDate, formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import { RESERVE_MESSAGES, RESERVE_WORKFLOW, type Reserve, type ReserveAction } from '@panel/contracts/inspection-reserves';
import { DetailGroups, HistoryTimeline, EntityDrawer, WorkflowActions, actionLogEntries, notify, type DetailGroup } from '@panel/ui';
import { useRoles } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { actionCall, useActionCalls } from '../../../lib/workflow-calls';
import { ReserveStateBadge, shiftLabel } from './reserve-columns';

const GROUPS: DetailGroup<Reserve>[] = [
  {
    title: 'مشتری',
    fields: [
      { label: 'نام', value: (r) => r.customer_name },
      { label: 'تلفن', value: (r) => toPersianDigits(r.phone_number) },
      { label: 'بسته', value: (r) => r.package },
      { label: 'مبلغ', value: (r) => formatToman(r.price) },
    ],
  },
  {
    title: 'نوبت',
    fields: [
      { label: 'روز', value: (r) => formatJalaliDate(r.date) },
      { label: 'شیفت', value: (r) => toPersianDigits(shiftLabel(r.shift)) },
      { label: 'کارشناس', value: (r) => r.expert_name },
      { label: 'شهر', value: (r) => r.city },
    ],
  },
  {
    title: 'پرداخت',
    fields: [
      { label: 'زمان رزرو', value: (r) => formatJalaliDateTime(r.reserved_at) },
      { label: 'مهلت پرداخت', value: (r) => formatJalaliDateTime(r.payment_deadline) },
      { label: 'تعداد تمدید', value: (r) => toPersianDigits(r.renewals) },
      { label: 'ارسال لینک پرداخت', value: (r) => (r.link_sent_at ? formatJalaliDateTime(r.link_sent_at) : 'فرستاده نشده') },
      { label: 'دلیل آزاد کردن', value: (r) => r.release_reason, hidden: (r) => r.state !== 'released' || !r.release_reason },
    ],
  },
];

const ACTION_LABELS: Record<string, string> = { create: 'ثبت رزرو', expire: 'پایان مهلت پرداخت', paid: 'پرداخت' };

/** One reserve: its fields, the payment link's SMS as sent, its actions by the workflow, its history. */
export function ReserveDrawer({ reserve, onChange, onClose }: { reserve: Reserve | null; onChange: (reserve: Reserve) => void; onClose: () => void }) {
  const id = reserve?.id ?? 0;
  const log = useQuery({ ...trpc.inspectionReserves.actionLog.queryOptions({ id }), enabled: reserve !== null });
  const roles = useRoles();
  const reserves = trpc.inspectionReserves;
  const run = useActionCalls<ReserveAction, Reserve>(
    {
      renew: actionCall(reserves.renew, () => ({ id })),
      send_payment_link: actionCall(reserves.sendPaymentLink, () => ({ id })),
      release: actionCall(reserves.release, (reason) => ({ id, reason })),
    },
    {
      onSuccess: (answer, action) => {
        onChange(answer);
        // A renewal's toast says the new deadline (the drawer's «مهلت پرداخت» shows it too).
        notify(action === 'renew' ? RESERVE_MESSAGES.renewed(answer) : RESERVE_MESSAGES.done[action], 'success');
      },
    },
  );

  return (
    <EntityDrawer open={reserve !== null} onClose={onClose} entity={reserve} noun="رزرو" code={(r) => toPersianDigits(r.id)} state={(r) => <ReserveStateBadge state={r.state} />} width={56}>
      {(reserve) => (
        <>
          <Box role="group" aria-label="کارها" display="flex" gap="2" flexWrap="wrap">
            <WorkflowActions workflow={RESERVE_WORKFLOW} state={reserve.state} roles={roles} onRun={run} destructive={['release']} />
          </Box>
          {reserve.link_text && (
            <Box as="section" aria-label="پیامک لینک پرداخت" borderWidth="1px" rounded="md" p="3" bg="bg.muted">
              <Text fontSize="sm" fontWeight="semibold" mb="1">
                پیامک لینک پرداخت (ثبت‌شده در صف ارسال)
              </Text>
              <Text fontSize="sm" wordBreak="break-word">
                {reserve.link_text.split(/(https?:\/\/\S+)/).map((part, i) =>
                  // The link itself stays as the customer's phone shows it (Latin, left to right).
                  i % 2 === 1 ? (
                    <Text as="span" key={i} dir="ltr" data-ltr="">
                      {part}
                    </Text>
                  ) : (
                    part
                  ),
                )}
              </Text>
            </Box>
          )}
          <DetailGroups item={reserve} groups={GROUPS} columns={1} size="sm" />
          <HistoryTimeline
            title="تاریخچه رزرو"
            emptyText={log.isPending ? MESSAGES.loading : 'هنوز کاری روی این رزرو ثبت نشده است.'}
            entries={actionLogEntries(log.data ?? [], { workflow: RESERVE_WORKFLOW, extra: ACTION_LABELS })}
          />
        </>
      )}
    </EntityDrawer>
  );
}
