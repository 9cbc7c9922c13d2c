import type { ReactNode } from 'react';
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';

export interface PanelDialogProps {
  open: boolean;
  /** Called when the person closes it: the close button, Escape, or a click outside. */
  onClose: () => void;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** With a title, the dialog draws its header and puts the children in its body. */
  title?: ReactNode;
  /** Buttons under the body (only with a title; a form draws its own footer). */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The panel's dialog frame: centred, mounted only while open, with the Persian close button.
 * Without a title the children are the whole content (a form with its own header and footer).
 * Confirmations use `ConfirmDialog`.
 */
export function PanelDialog({ open, onClose, size, title, footer, children }: PanelDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" lazyMount unmountOnExit {...(size ? { size } : {})}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {title === undefined ? (
              children
            ) : (
              <>
                <Dialog.Header>
                  <Dialog.Title>{title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body pb={footer ? undefined : '6'}>{children}</Dialog.Body>
                {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
              </>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="بستن" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
