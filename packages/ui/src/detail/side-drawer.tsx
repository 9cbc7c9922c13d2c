import { CloseButton, Drawer, HStack, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { specSpacing } from '../system';

export interface SideDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's name (screen readers announce it; axe requires it). */
  title: ReactNode;
  /** Beside the title, e.g. the state's badge. */
  aside?: ReactNode;
  /** The drawer's largest width, in the spec's spacing units. */
  width?: number;
  children: ReactNode;
}

/**
 * The frame of an entity's drawer, opened from the inline end (the left, right to left): a
 * backdrop, the named title, the body and a Persian-labelled close button. Every detail drawer
 * uses it; the dispatch sheet's cell drawer has its own header and width rules. Its content is
 * drawn only while it is open (a screen's load does not render its closed drawers).
 */
export function SideDrawer({ open, onClose, title, aside, width = 60, children }: SideDrawerProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="end" size="md" lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW={specSpacing(width)}>
            <Drawer.Header>
              {aside ? (
                <HStack gap="3">
                  <Drawer.Title>{title}</Drawer.Title>
                  {aside}
                </HStack>
              ) : (
                <Drawer.Title>{title}</Drawer.Title>
              )}
            </Drawer.Header>
            <Drawer.Body>{children}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="بستن" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/** A drawer's body while its entity loads: a spinner and the text, announced as a status. */
export function DrawerLoading({ text }: { text: string }) {
  return (
    <Stack align="center" py="8" role="status">
      <Spinner />
      <Text>{text}</Text>
    </Stack>
  );
}
