import type { ReactNode } from 'react';
import { LuHistory, LuKeyRound, LuLogOut, LuPanelRightClose, LuPanelRightOpen } from 'react-icons/lu';
import type { NavGroup } from '../navigation';

export interface SidebarProps {
  groups: NavGroup[];
  expanded: boolean;
  onToggle: () => void;
  userName: string;
  onCallerHistory: () => void;
  /** The API tokens page (issue 18); staff only, so absent for others. */
  onApiTokens?: () => void;
  onSignOut: () => void;
  signingOut: boolean;
}

export interface SidebarAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  loading?: boolean;
}

/** The sidebar's footer (spec §2): caller history, API tokens for staff, sign out, and the open/close toggle. */
export function sidebarActions(props: SidebarProps): SidebarAction[] {
  return [
    { label: 'تاریخچه تماس', icon: <LuHistory />, onClick: props.onCallerHistory },
    ...(props.onApiTokens ? [{ label: 'توکن‌های API', icon: <LuKeyRound />, onClick: props.onApiTokens }] : []),
    { label: 'خروج', icon: <LuLogOut />, onClick: props.onSignOut, loading: props.signingOut },
    {
      label: props.expanded ? 'بستن منو' : 'باز کردن منو',
      icon: props.expanded ? <LuPanelRightClose /> : <LuPanelRightOpen />,
      onClick: props.onToggle,
    },
  ];
}

export const isActivePath = (path: string, pathname: string) => pathname === path;

/** A group holds the page a person is on: the rail shows its icon marked. */
export const isGroupActive = (group: NavGroup, pathname: string) => group.items.some((item) => isActivePath(item.path, pathname));
