import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { NavItem } from '../navigation';
import { isActivePath } from './sidebar-actions';

/** A page of the sidebar: its whole title in a tooltip when cut (sidebar-tips.tsx). */
export function SidebarLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const active = isActivePath(item.path, pathname);
  const ref = useRef<HTMLAnchorElement>(null);
  // The page a person is on is always in sight, even far down a long menu (leasing, claims).
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  return (
    <NavLink ref={ref} to={item.href} end onClick={onNavigate} className="sb-link" data-tip={item.title} data-tip-when-cut="">
      {item.title}
    </NavLink>
  );
}
