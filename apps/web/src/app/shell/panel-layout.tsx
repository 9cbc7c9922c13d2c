import { useState } from 'react';
import { Box, Flex } from '@chakra-ui/react';
import { Outlet, useLocation } from 'react-router';
import { useSession, useSignOut } from '../../modules/auth/api/session';
import { canSee, navItemOf, visibleGroups } from '../navigation';
import { CallerHistoryDialog } from './caller-history-dialog';
import { NoAccessScreen } from './not-built.screen';
import { Sidebar } from './sidebar';

const EXPANDED_KEY = 'panel.sidebar.expanded';

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
  const session = useSession().data!;
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState(readExpanded);
  const [callerOpen, setCallerOpen] = useState(false);

  const toggle = () => {
    setExpanded((value) => {
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
    <Flex minH="100dvh" bg="bg.subtle">
      <Sidebar
        groups={visibleGroups(session.roles)}
        expanded={expanded}
        onToggle={toggle}
        userName={session.user.full_name}
        onCallerHistory={() => setCallerOpen(true)}
        onSignOut={() => signOut.mutate()}
        signingOut={signOut.isPending}
      />
      <Box as="main" flex="1" minW="0" bg="bg">
        {allowed ? <Outlet /> : <NoAccessScreen title={page.title} />}
      </Box>
      <CallerHistoryDialog open={callerOpen} onOpenChange={setCallerOpen} />
    </Flex>
  );
}
