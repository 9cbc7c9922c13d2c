import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { LightButton } from '@panel/ui/light';
import { PANEL_ICON, type NavGroup, type NavItem } from '../navigation';
import { isActivePath, sidebarActions, type SidebarProps } from './sidebar-actions';
import './shell.css';

function StandInLink({ item }: { item: NavItem }) {
  const { pathname } = useLocation();
  const active = isActivePath(item.path, pathname);
  const ref = useRef<HTMLAnchorElement>(null);
  // As the sidebar does: the page a person is on is in sight.
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  return (
    <NavLink ref={ref} to={item.href} end className="sb-link">
      {item.title}
    </NavLink>
  );
}

function RailButton({ group }: { group: NavGroup }) {
  const { pathname } = useLocation();
  const active = group.items.some((item) => isActivePath(item.path, pathname));
  return (
    <LightButton size="lg" icon variant={active ? 'subtle' : 'ghost'} className="sb-wide" aria-label={group.title} aria-haspopup="dialog" aria-disabled="true">
      <group.icon />
    </LightButton>
  );
}

/**
 * The sidebar as it looks, drawn plain until the Chakra sidebar (sidebar.tsx, an island) has
 * loaded (decision 148): its links and footer work already; the rail's popups wait for the real
 * sidebar a moment later.
 */
export function SidebarStandIn(props: SidebarProps) {
  const { groups, expanded } = props;
  return (
    <aside aria-label="منوی پنل" className="sb" data-expanded={expanded}>
      <div className="sb-head">
        <PANEL_ICON className="sb-logo" />
        {expanded && (
          <div className="sb-who">
            <p className="sb-title lt-truncate">پنل مدیریت</p>
            <p className="sb-user lt-truncate">{props.userName}</p>
          </div>
        )}
      </div>
      <div className="sb-scroll">
        {expanded ? (
          <nav aria-label="صفحه‌های پنل" className="sb-stack">
            {groups.map((group) => (
              <section key={group.key} aria-label={group.title}>
                <div className="sb-group-head">
                  <group.icon />
                  <p className="sb-group-title">{group.title}</p>
                </div>
                <div className="sb-items">
                  {group.items.map((item) => (
                    <StandInLink key={item.path} item={item} />
                  ))}
                </div>
              </section>
            ))}
          </nav>
        ) : (
          <div className="sb-stack">
            {groups.map((group) => (
              <RailButton key={group.key} group={group} />
            ))}
          </div>
        )}
      </div>
      <div className="sb-foot">
        {sidebarActions(props).map((action) =>
          expanded ? (
            <LightButton key={action.label} className="sb-wide" data-expanded="true" onClick={action.onClick} disabled={action.loading}>
              {action.icon}
              {action.label}
            </LightButton>
          ) : (
            <LightButton key={action.label} size="lg" icon className="sb-wide" aria-label={action.label} onClick={action.onClick} disabled={action.loading}>
              {action.icon}
            </LightButton>
          ),
        )}
      </div>
    </aside>
  );
}
