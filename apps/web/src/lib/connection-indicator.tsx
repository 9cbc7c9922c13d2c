import { useEffect, useState } from 'react';
import { formatNumber, formatTehranTime } from '@panel/contracts/common/plain';
import type { LiveLink } from './live-link';
import './connection-indicator.css';

const LABEL = {
  live: 'زنده',
  connecting: 'در حال اتصال...',
  reconnecting: 'در حال اتصال مجدد...',
  retrying: 'اتصال برقرار نشد؛ تلاش دوباره ادامه دارد...',
} as const;

/** How long ago, in words a dispatcher reads at a glance: seconds, then minutes, then the time. */
export function syncedAgo(at: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return `${formatNumber(seconds)} ثانیه پیش`;
  if (seconds < 3600) return `${formatNumber(Math.floor(seconds / 60))} دقیقه پیش`;
  return formatTehranTime(at);
}

/**
 * Always says whether a live screen is live, and how long ago it last heard from the server (decision 033: shared by every live screen;
 * the shell shows it too while the account check cannot reach the server, decision 012). Plain:
 * it shows on the sheet's first paint, before Chakra has loaded (decision 148).
 */
export function ConnectionIndicator({ link, testId = 'connection' }: { link: LiveLink; testId?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  return (
    <div className="ci" data-testid={testId} data-status={link.status}>
      <span className="ci-dot" />
      {/* Only the state is announced; the ticking age would be read out every second. */}
      <p className="ci-state" role="status" aria-live="polite">
        {LABEL[link.status]}
      </p>
      <p className="ci-age" title={link.lastSyncedAt ? formatTehranTime(link.lastSyncedAt) : undefined}>
        {link.lastSyncedAt ? `آخرین همگام‌سازی ${syncedAgo(link.lastSyncedAt, Math.max(now, link.lastSyncedAt))}` : 'هنوز همگام نشده'}
      </p>
    </div>
  );
}
