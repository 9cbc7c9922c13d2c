import { useEffect, useState } from 'react';
import { Alert } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { formatJalaliDateTime } from '@panel/contracts/common';
import type { CmsEditor } from '@panel/contracts/cms';
import { trpc } from '../../../lib/trpc';

/** How often the open editor says it is still there (the gateway forgets an editor after a minute). */
const HEARTBEAT_MS = 20_000;

/**
 * The others who have the same item open: the editor sends a heartbeat while it is open (and says
 * goodbye when closed); each answer names the other editors. Quiet: a lost heartbeat is no error
 * for the person writing, and it changes nothing to refresh.
 */
export function useOtherEditors(id: number): CmsEditor[] {
  const [others, setOthers] = useState<CmsEditor[]>([]);
  const quiet = { meta: { invalidatesAll: false, silent: true } };
  const { mutate: beat } = useMutation(trpc.cms.editing.mutationOptions({ ...quiet, onSuccess: (answer) => setOthers(answer.results) }));
  const { mutate: leave } = useMutation(trpc.cms.leave.mutationOptions(quiet));
  // The heartbeat is a subscription to the gateway's presence for as long as the editor is open.
  useEffect(() => {
    beat({ id });
    const timer = setInterval(() => beat({ id }), HEARTBEAT_MS);
    return () => {
      clearInterval(timer);
      leave({ id });
    };
  }, [id, beat, leave]);
  return others;
}

/** The notice that someone else is editing the same item (their saves would make ours stale). */
export function OtherEditorsNotice({ editors }: { editors: CmsEditor[] }) {
  if (editors.length === 0) return null;
  const names = editors.map((e) => `«${e.fullname || e.username}» (از ${formatJalaliDateTime(e.since)})`).join('، ');
  return (
    <Alert.Root status="warning" role="status">
      <Alert.Indicator />
      <Alert.Title>{`${names} هم‌اکنون این محتوا را ویرایش می‌کند؛ پیش از ذخیره با او هماهنگ کنید تا تغییرات یکدیگر را از بین نبرید.`}</Alert.Title>
    </Alert.Root>
  );
}
