import { useState } from 'react';
import { useLocation } from 'react-router';
import { IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { SIDEBAR_POPUP_ANIMATION_MS } from '@panel/contracts/common/plain';
import type { NavGroup } from '../navigation';
import { isGroupActive } from './sidebar-actions';
import { SidebarLink } from './sidebar-link';

const popupAnimation = `${SIDEBAR_POPUP_ANIMATION_MS}ms`;

/**
 * The rail's group (spec §2): one icon; its pages open in a popup beside the rail. Chakra's
 * popover, so an island of the plain sidebar (decision 148).
 */
export function RailGroup({ group }: { group: NavGroup }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const active = isGroupActive(group, pathname);
  return (
    <Popover.Root open={open} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: 'left-start', gutter: 8 }} lazyMount>
      <Popover.Trigger asChild>
        <IconButton aria-label={group.title} data-tip={group.title} variant={active ? 'subtle' : 'ghost'} size="lg" w="full">
          <group.icon />
        </IconButton>
      </Popover.Trigger>
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
                  <SidebarLink key={item.path} item={item} onNavigate={() => setOpen(false)} />
                ))}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
