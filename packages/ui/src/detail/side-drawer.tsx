import { CloseButton, Drawer, HStack, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MESSAGES } from '@panel/contracts/common/plain';
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
 * A modal drawer or dialog closes on Escape, its close button or a click outside, never because
 * focus moved outside it: a person cannot tab out of it (it traps focus), so focus outside is a
 * program's doing. The one case seen is a create drawer giving way to the created row's drawer
 * (the SMS template's): the closing one hands focus back as the new one opens, and the new one
 * took that as leaving it and closed (a lost drawer in loaded runs, decision 140).
 */
export const keepOpenOnFocusOutside = (event: { preventDefault: () => void }) => event.preventDefault();

/**
 * The frame of an entity's drawer, opened from the inline end (the left, right to left): a
 * backdrop, the named title, the body and a Persian-labelled close button. Every detail drawer
 * uses it; the dispatch sheet's cell drawer has its own header and width rules. Its content is
 * drawn only while it is open (a screen's load does not render its closed drawers).
 */
export function SideDrawer({ open, onClose, title, aside, width = 60, children }: SideDrawerProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => !e.open && onClose()} onFocusOutside={keepOpenOnFocusOutside} placement="end" size="md" lazyMount unmountOnExit>
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

export interface EntityDrawerProps<T> extends Omit<SideDrawerProps, 'title' | 'aside' | 'children'> {
  /** The entity once it is there; while it is not (null or undefined), the body says it loads. */
  entity: T | null | undefined;
  /** What it is ('کد تخفیف'): the title while it loads, and before its `code` once it is there. */
  noun: string;
  /** What names this one after the noun (its code, its name), as the module shows it. */
  code?: (entity: T) => ReactNode;
  /** In place of noun and code, a title of its own (a transaction: its kind and party). */
  title?: (entity: T) => ReactNode;
  /** Its state beside the title: a text is drawn bold, a node (a badge) as it is. */
  state?: (entity: T) => ReactNode;
  /** The sections of the body, in a column `gap` apart (5 unless given). */
  children: (entity: T) => ReactNode;
  gap?: string;
  loadingText?: string;
}

/**
 * An entity's drawer (decision 130): the head every module drawer draws the same way (the noun
 * and the entity's code, its state beside them, the close button) and a body that waits for the
 * entity. `open` and `onClose` are the screen's; the entity is what the drawer has read.
 */
export function EntityDrawer<T>({ entity, noun, code, title, state, children, gap = '5', loadingText = MESSAGES.loading, ...frame }: EntityDrawerProps<T>) {
  const there = entity !== null && entity !== undefined;
  const named = there && (title ? title(entity) : code ? headline(noun, code(entity)) : noun);
  const aside = there && state ? state(entity) : undefined;
  return (
    <SideDrawer {...frame} title={named || noun} aside={typeof aside === 'string' ? <Text fontWeight="bold">{aside}</Text> : aside}>
      {there ? <Stack gap={gap}>{children(entity)}</Stack> : <DrawerLoading text={loadingText} />}
    </SideDrawer>
  );
}

/** The noun and the code, one string where the code is text (so the dialog's name is plain). */
const headline = (noun: string, code: ReactNode): ReactNode =>
  typeof code === 'string' || typeof code === 'number' ? `${noun} ${code}` : (
    <>
      {noun} {code}
    </>
  );
