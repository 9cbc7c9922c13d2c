import { useLocation } from 'react-router';
import { island } from '@panel/ui/island';
import { LightButton } from '@panel/ui/light';
import { PANEL_ICON, type NavGroup } from '../navigation';
import { isGroupActive, sidebarActions, type SidebarProps } from './sidebar-actions';
import { SidebarLink } from './sidebar-link';
import { SidebarTips } from './sidebar-tips';
import './shell.css';

/** The rail's group button as it looks, until its popup (Chakra's popover) has loaded. */
function RailButton({ group }: { group: NavGroup }) {
  const { pathname } = useLocation();
  const active = isGroupActive(group, pathname);
  return (
    <LightButton size="lg" icon variant={active ? 'subtle' : 'ghost'} className="sb-wide" aria-label={group.title} aria-haspopup="dialog" aria-disabled="true">
      <group.icon />
    </LightButton>
  );
}

const RailGroup = island(async () => (await import('./rail-group')).RailGroup, { fallback: RailButton });

/**
 * Spec §2: a collapsed icon rail with popup sub-menus, or the full sidebar; the footer holds caller
 * history, API tokens for staff, sign out, and the open/close toggle. Plain (decision 148): it
 * paints with the page and needs no Chakra; only the rail's popups are Chakra's (an island each,
 * drawn as their button until loaded). A cut title, and a rail icon, show a tooltip.
 */
export function Sidebar(props: SidebarProps) {
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
                    <SidebarLink key={item.path} item={item} />
                  ))}
                </div>
              </section>
            ))}
          </nav>
        ) : (
          <div className="sb-stack">
            {groups.map((group) => (
              <RailGroup key={group.key} group={group} />
            ))}
          </div>
        )}
      </div>
      <div className="sb-foot">
        {sidebarActions(props).map((action) =>
          expanded ? (
            <LightButton key={action.label} className="sb-wide" data-expanded="true" onClick={action.onClick} disabled={action.loading} aria-busy={action.loading}>
              {action.icon}
              {action.label}
            </LightButton>
          ) : (
            <LightButton
              key={action.label}
              size="lg"
              icon
              className="sb-wide"
              aria-label={action.label}
              data-tip={action.label}
              onClick={action.onClick}
              disabled={action.loading}
              aria-busy={action.loading}
            >
              {action.icon}
            </LightButton>
          ),
        )}
      </div>
      <SidebarTips />
    </aside>
  );
}
