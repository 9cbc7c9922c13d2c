import { Children, useRef, useState, type ReactNode } from 'react';
import { Button, CloseButton, Dialog, Field, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { isRefusal } from './refusal';

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's title and accessible name: the action, e.g. 'لغو سفارش'. */
  title: string;
  message?: ReactNode;
  confirmLabel: string;
  /** Ask for a reason; 'required' refuses an empty one with `reasonRequiredText` ('<reasonLabel> را بنویسید.'). */
  reason?: 'required' | 'optional';
  reasonLabel?: string;
  reasonRequiredText?: string;
  /** Fields of the action beyond the reason (a date, an amount), rendered above it. */
  children?: ReactNode;
  destructive?: boolean;
  /**
   * Runs the action. When it rejects, a refusal (`isRefusal`) closes the dialog, since the same
   * confirmation would be refused again; any other failure keeps it open and ready, with what was
   * typed, for another try. The global error layer shows why either way.
   */
  onConfirm: (reason: string) => Promise<unknown>;
}

/**
 * The confirmation of a destructive or financial action (MODULE-STANDARD), with the reason the
 * action log keeps. It cannot be confirmed twice: the button is busy until the action settles.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  message,
  confirmLabel,
  reason,
  reasonLabel = 'دلیل',
  reasonRequiredText = `${reasonLabel} را بنویسید.`,
  children,
  destructive = false,
  onConfirm,
}: ConfirmDialogProps) {
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // Nothing to type and nothing lost: the confirm button takes the focus, so Enter confirms (a
  // moderator's A then Enter). Otherwise the alert dialog's own choice, its close button.
  const confirmFirst = !reason && Children.toArray(children).length === 0 && !destructive;

  const close = () => {
    setText('');
    setMissing(false);
    onClose();
  };
  const confirm = async () => {
    if (busy) return;
    if (reason === 'required' && !text.trim()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(text.trim());
      close();
    } catch (error) {
      // The global error layer has shown why; what was typed stays for another try, unless the
      // action itself was refused (the entity moved on): then the screen shows what is possible now.
      if (isRefusal(error)) close();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && close()}
      placement="center"
      role="alertdialog"
      lazyMount
      unmountOnExit
      {...(confirmFirst ? { initialFocusEl: () => confirmButton.current } : {})}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            {/* The reason's Persian message is ours; the browser's own (English) check stays off. */}
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void confirm();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {message && <Text>{message}</Text>}
                  {children}
                  {reason && (
                    <Field.Root invalid={missing} required={reason === 'required'}>
                      <Field.Label>
                        {reasonLabel}
                        {reason === 'required' && <Field.RequiredIndicator />}
                      </Field.Label>
                      <Textarea
                        value={text}
                        onChange={(e) => {
                          setText(e.target.value);
                          setMissing(false);
                        }}
                      />
                      {missing && <Field.ErrorText>{reasonRequiredText}</Field.ErrorText>}
                    </Field.Root>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close} type="button">
                  انصراف
                </Button>
                <Button ref={confirmButton} type="submit" loading={busy} colorPalette={destructive ? 'red' : undefined}>
                  {confirmLabel}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="بستن" />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
