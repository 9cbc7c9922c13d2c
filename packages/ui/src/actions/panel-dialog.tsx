import type { FormEventHandler, ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { keepOpenOnFocusOutside } from '../detail/side-drawer';

export interface PanelDialogProps {
  open: boolean;
  /** Called when the person closes it: the close button, Escape, or a click outside. */
  onClose: () => void;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** With a title, the dialog draws its header and puts the children in its body. */
  title?: ReactNode;
  /** Buttons under the body (only with a title; a form draws its own footer). */
  footer?: ReactNode;
  /** `alertdialog` for a dialog that asks before something weighty happens. */
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}

/**
 * The panel's dialog frame: centred, mounted only while open, with the Persian close button.
 * Without a title the children are the whole content (a form with its own header and footer).
 * Confirmations use `ConfirmDialog`.
 */
export function PanelDialog({ open, onClose, size, title, footer, role, children }: PanelDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} onFocusOutside={keepOpenOnFocusOutside} placement="center" lazyMount unmountOnExit {...(size ? { size } : {})} {...(role ? { role } : {})}>
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

export interface DialogFormProps {
  /** The dialog's title and the form's accessible name. */
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  /** The submit button (the form kit's `SubmitButton`, busy while it submits). */
  submit: ReactNode;
  children: ReactNode;
}

/**
 * The content of a dialog that is one form: title, fields in a column, and the footer's «انصراف»
 * beside the submit button. The browser's own (English) checks stay off: the form kit's Persian
 * messages show beside the fields.
 */
export function DialogForm({ title, onSubmit, onCancel, submit, children }: DialogFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={title}>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">{children}</Stack>
      </Dialog.Body>
      <DialogActions onCancel={onCancel}>{submit}</DialogActions>
    </form>
  );
}

export interface DialogActionsProps {
  onCancel: () => void;
  /** «انصراف» unless the step has a way back («بازگشت»). */
  cancelLabel?: string;
  cancelDisabled?: boolean;
  /** The dialog's own buttons, after the cancel one. */
  children: ReactNode;
}

/** A dialog's footer: the way out first, then what the dialog does. */
export function DialogActions({ onCancel, cancelLabel = 'انصراف', cancelDisabled, children }: DialogActionsProps) {
  return (
    <Dialog.Footer>
      <Button variant="outline" type="button" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      {children}
    </Dialog.Footer>
  );
}
