import { useState } from 'react';
import { Button, HStack, Link } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { MESSAGES, formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import { DIVAR_LINK_KINDS, DIVAR_TOKEN_ACTIONS, DIVAR_TOKEN_MESSAGES, type DivarToken } from '@panel/contracts/divar-tokens';
import { ConfirmDialog, DetailGroups, HistoryTimeline, LatinCode, EntityDrawer, actionLogEntries, notify, type DetailGroup } from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { LinkBadge, targetState } from './divar-token-columns';

const HISTORY_LABELS = { workflow: { actions: Object.fromEntries(Object.entries(DIVAR_TOKEN_ACTIONS).map(([key, label]) => [key, { label }])), states: {} } };

const GROUPS: DetailGroup<DivarToken>[] = [
  {
    title: 'توکن',
    fields: [
      { label: 'توکن دیوار', value: (t) => <LatinCode value={t.token} /> },
      {
        label: 'آگهی در دیوار',
        value: (t) => (
          <Link href={t.divar_link} target="_blank" rel="noreferrer" dir="ltr" data-ltr="" colorPalette="blue">
            {t.divar_link}
          </Link>
        ),
      },
      { label: 'وضعیت', value: (t) => <LinkBadge token={t} /> },
      { label: 'زمان ثبت', value: (t) => formatJalaliDateTime(t.created_at) },
      { label: 'ثبت‌کننده', value: (t) => t.created_by },
    ],
  },
  {
    title: 'متصل به',
    fields: [
      { label: 'نوع', value: (t) => t.target && DIVAR_LINK_KINDS[t.target.kind] },
      {
        label: 'آگهی یا فروش',
        value: (t) =>
          t.target && (
            <Link asChild colorPalette="blue">
              <RouterLink to={t.target.url}>{toPersianDigits(t.target.title)}</RouterLink>
            </Link>
          ),
      },
      { label: 'شناسه آگهی / کد فروش', value: (t) => t.target && <LatinCode value={t.target.code} /> },
      { label: 'خودرو', value: (t) => t.target && toPersianDigits(t.target.car) },
      { label: 'وضعیت آگهی یا فروش', value: (t) => t.target && targetState(t.target) },
      { label: 'زمان اتصال', value: (t) => t.linked_at && formatJalaliDateTime(t.linked_at) },
      { label: 'متصل‌کننده', value: (t) => t.linked_by },
    ],
  },
];

/** One token: what it links to (with the page of it), link or unlink, and its history. */
export function DivarTokenDrawer({ id, onClose, onLink }: { id: number | null; onClose: () => void; onLink: (token: string) => void }) {
  const queryClient = useQueryClient();
  const detail = useQuery({ ...trpc.divarTokens.detail.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  const history = useQuery({ ...trpc.divarTokens.history.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  const [confirming, setConfirming] = useState(false);
  const unlink = useMutation(
    trpc.divarTokens.unlink.mutationOptions({
      onSuccess: (result) => notify(result.message, 'success'),
      // Changed or not, the drawer and the list show the token as it is now.
      onSettled: () => void queryClient.invalidateQueries(),
    }),
  );
  const token = detail.data;
  return (
    <EntityDrawer open={id !== null} onClose={onClose} entity={token} noun="توکن دیوار" code={(t) => <LatinCode value={t.token} />}>
      {(token) => (
        <>
          <HStack gap="2">
            {token.target ? (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
                برداشتن اتصال
              </Button>
            ) : (
              <Button size="sm" onClick={() => onLink(token.token)}>
                اتصال توکن
              </Button>
            )}
          </HStack>
          <DetailGroups item={token} groups={GROUPS} columns={1} size="sm" />
          <HistoryTimeline entries={actionLogEntries(history.data ?? [], HISTORY_LABELS)} emptyText={history.isPending ? MESSAGES.loading : 'سابقه‌ای ثبت نشده است.'} />
          <ConfirmDialog
            open={confirming}
            onClose={() => setConfirming(false)}
            title="برداشتن اتصال توکن"
            message={token.target ? `اتصال توکن به ${DIVAR_LINK_KINDS[token.target.kind]} «${toPersianDigits(token.target.title)}» برداشته می‌شود.` : undefined}
            confirmLabel="برداشتن اتصال"
            reason="required"
            reasonLabel="دلیل برداشتن اتصال"
            reasonRequiredText={DIVAR_TOKEN_MESSAGES.reason}
            destructive
            onConfirm={(reason) => unlink.mutateAsync({ id: token.id, version: token.version, reason })}
          />
        </>
      )}
    </EntityDrawer>
  );
}
