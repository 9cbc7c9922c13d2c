import { useState, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { API_TOKENS_ACCESS } from '@panel/contracts/api-tokens/access';
import { allows } from '@panel/contracts/common/plain';
import { API_TOKENS_PATH } from '../../modules/api-tokens/paths';
import { useSessionView } from '../../lib/session';
import { useSignOut } from '../../modules/auth/api/session';
import { canSee, navItemOf, visibleGroups } from '../navigation';
import { island } from '@panel/ui/island';
import { Sidebar } from './sidebar';
import './shell.css';

// The frame is plain; what in it needs Chakra is an island (decision 148), mounted, and loaded,
// when first called for.
const CallerHistoryDialog = island(async () => (await import('./caller-history-dialog')).CallerHistoryDialog, { eager: true });
const ConnectionLostBar = island(async () => (await import('./connection-lost-bar')).ConnectionLostBar, { eager: true });
const NoAccessScreen = island(async () => (await import('./unavailable.screen')).NoAccessScreen, { eager: true });

const EXPANDED_KEY = 'panel.sidebar.expanded';
/**
 * Below this width the full sidebar takes the room the sheet's six shifts need (issue 13: at
 * 1366 the last shift was cut off), so it starts as its rail; the person may still open it.
 */
const WIDE_ENOUGH = '(min-width: 1440px)';

function useWideEnough(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(WIDE_ENOUGH);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(WIDE_ENOUGH).matches,
  );
}

function readExpanded(): boolean {
  try {
    return window.localStorage.getItem(EXPANDED_KEY) !== 'false';
  } catch {
    return true;
  }
}

/** The panel frame: the sidebar filtered by the user's roles, and the page beside it. */
export function PanelLayout() {
  // The access gate renders this only with a session.
  const { view, query } = useSessionView();
  const session = query.data!;
  const lost = view.kind === 'signed-in' ? view.lost : null;
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [stored, setStored] = useState(readExpanded);
  const wide = useWideEnough();
  // On a narrow screen the rail, unless opened there by hand; the stored choice is the wide one's.
  const [openedNarrow, setOpenedNarrow] = useState(false);
  const expanded = wide ? stored : openedNarrow;
  const [callerOpen, setCallerOpen] = useState(false);
  // Mounted at the first opening, then kept, so that its closing animates as before.
  const [callerWanted, setCallerWanted] = useState(false);
  if (callerOpen && !callerWanted) setCallerWanted(true);

  const toggle = () => {
    if (!wide) {
      setOpenedNarrow(!openedNarrow);
      return;
    }
    setStored((value) => {
      try {
        window.localStorage.setItem(EXPANDED_KEY, String(!value));
      } catch {
        // Private mode: the choice just is not remembered.
      }
      return !value;
    });
  };

  const page = navItemOf(pathname);
  const allowed = !page || canSee(page, session.roles);

  return (
    <div className="pl">
      <Sidebar
        groups={visibleGroups(session.roles)}
        expanded={expanded}
        onToggle={toggle}
        userName={session.user.full_name}
        onCallerHistory={() => setCallerOpen(true)}
        onApiTokens={allows(API_TOKENS_ACCESS.manage, session.roles) ? () => navigate(API_TOKENS_PATH) : undefined}
        onSignOut={() => signOut.mutate()}
        signingOut={signOut.isPending}
      />
      <main className="pl-main">
        {lost && <ConnectionLostBar link={lost} />}
        {allowed ? <Outlet /> : <NoAccessScreen title={page.title} groups={visibleGroups(session.roles)} />}
      </main>
      {callerWanted && <CallerHistoryDialog open={callerOpen} onOpenChange={setCallerOpen} />}
    </div>
  );
}
