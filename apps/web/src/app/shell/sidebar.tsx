import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Box, Button, Flex, Icon, IconButton, Popover, Portal, Stack, Text, Tooltip } from '@chakra-ui/react';
import { SIDEBAR_POPUP_ANIMATION_MS } from '@panel/contracts/common/plain';
import { PANEL_ICON, type NavGroup, type NavItem } from '../navigation';
import { isActivePath, sidebarActions, type SidebarProps } from './sidebar-actions';
import './shell.css';

const popupAnimation = `${SIDEBAR_POPUP_ANIMATION_MS}ms`;

/** A tooltip on the inline-end side of the sidebar (the left, in right-to-left). */
function Tip({ label, children, disabled }: { label: string; children: ReactElement; disabled?: boolean }) {
  if (disabled) return children;
  return (
    <Tooltip.Root openDelay={250} closeDelay={0} positioning={{ placement: 'left' }} lazyMount unmountOnExit>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

const isActive = (item: NavItem, pathname: string) => isActivePath(item.path, pathname);

function ItemLink({ item, onNavigate, tooltip }: { item: NavItem; onNavigate?: () => void; tooltip?: boolean }) {
  const { pathname } = useLocation();
  const active = isActive(item, pathname);
  const ref = useRef<HTMLAnchorElement>(null);
  // The page a person is on is always in sight, even far down a long menu (leasing, claims).
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  const link = (
    <Box
      asChild
      display="block"
      px="3"
      py="2"
      rounded="l2"
      textStyle="sm"
      truncate
      bg={active ? 'colorPalette.subtle' : undefined}
      color={active ? 'colorPalette.fg' : 'fg'}
      fontWeight={active ? 'bold' : 'normal'}
      _hover={{ bg: active ? 'colorPalette.subtle' : 'bg.muted' }}
    >
      <NavLink ref={ref} to={item.href} end onClick={onNavigate}>
        {item.title}
      </NavLink>
    </Box>
  );
  return <Tip label={item.title} disabled={!tooltip}>{link}</Tip>;
}

/** Collapsed: one icon per group; its pages open in a popup beside the rail. */
function RailGroup({ group }: { group: NavGroup }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const active = group.items.some((item) => isActive(item, pathname));
  return (
    <Popover.Root open={open} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: 'left-start', gutter: 8 }} lazyMount>
      <Tip label={group.title} disabled={open}>
        <Box>
          <Popover.Trigger asChild>
            <IconButton aria-label={group.title} variant={active ? 'subtle' : 'ghost'} size="lg" w="full">
              <group.icon />
            </IconButton>
          </Popover.Trigger>
        </Box>
      </Tip>
      <Portal>
        <Popover.Positioner>
          <Popover.Content
            w="16rem"
            _open={{ animationName: 'fade-in, slide-from-right', animationDuration: popupAnimation }}
            _closed={{ animationName: 'fade-out, slide-to-right', animationDuration: popupAnimation }}
          >
            <Popover.Body p="2">
              <Text px="3" py="2" fontWeight="bold" textStyle="sm" color="fg.muted">
                {group.title}
              </Text>
              <Stack as="nav" aria-label={group.title} gap="0.5">
                {group.items.map((item) => (
                  <ItemLink key={item.path} item={item} onNavigate={() => setOpen(false)} tooltip />
                ))}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/** Expanded: every group with its pages; long titles show whole in a tooltip. */
function FullGroup({ group }: { group: NavGroup }) {
  return (
    <Box as="section" aria-label={group.title}>
      <Flex align="center" gap="2" px="3" pt="3" pb="1" color="fg.muted">
        <Icon as={group.icon} boxSize="4" />
        <Text textStyle="xs" fontWeight="bold">
          {group.title}
        </Text>
      </Flex>
      <Stack gap="0.5">
        {group.items.map((item) => (
          <ItemLink key={item.path} item={item} tooltip />
        ))}
      </Stack>
    </Box>
  );
}

function FooterButton({ expanded, label, icon, onClick, loading }: { expanded: boolean; label: string; icon: ReactNode; onClick: () => void; loading?: boolean }) {
  if (expanded) {
    return (
      <Button variant="ghost" justifyContent="start" onClick={onClick} loading={loading} w="full">
        {icon}
        {label}
      </Button>
    );
  }
  return (
    <Tip label={label}>
      <IconButton aria-label={label} variant="ghost" size="lg" onClick={onClick} loading={loading} w="full">
        {icon}
      </IconButton>
    </Tip>
  );
}

/**
 * Spec §2: a collapsed icon rail with popup sub-menus, or the full sidebar; the footer holds caller
 * history, sign out, and the open/close toggle. An island (decision 148): until it has loaded, its
 * plain stand-in (sidebar-stand-in.tsx) shows the same menu, its links already working.
 */
export function Sidebar(props: SidebarProps) {
  const { groups, expanded } = props;
  return (
    <Flex
      as="aside"
      aria-label="منوی پنل"
      direction="column"
      className="sb"
      data-expanded={expanded}
    >
      <Flex align="center" gap="3" px={expanded ? '4' : '0'} justify={expanded ? 'start' : 'center'} h="16" borderBottomWidth="1px" flexShrink={0}>
        <Icon as={PANEL_ICON} boxSize="6" color="colorPalette.solid" />
        {expanded && (
          <Box minW="0">
            <Text fontWeight="bold" truncate>
              پنل مدیریت
            </Text>
            <Text textStyle="xs" color="fg.muted" truncate>
              {props.userName}
            </Text>
          </Box>
        )}
      </Flex>

      <Box flex="1" minH="0" overflowY="auto" overflowX="hidden" px="2" py="2" scrollPaddingBlock="2">
        {expanded ? (
          <Stack as="nav" aria-label="صفحه‌های پنل" gap="1">
            {groups.map((group) => (
              <FullGroup key={group.key} group={group} />
            ))}
          </Stack>
        ) : (
          <Stack gap="1">
            {groups.map((group) => (
              <RailGroup key={group.key} group={group} />
            ))}
          </Stack>
        )}
      </Box>

      <Stack gap="1" p="2" borderTopWidth="1px" flexShrink={0}>
        {sidebarActions(props).map((action) => (
          <FooterButton key={action.label} expanded={expanded} {...action} />
        ))}
      </Stack>
    </Flex>
  );
}
