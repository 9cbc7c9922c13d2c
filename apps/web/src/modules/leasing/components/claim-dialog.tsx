import type { ReactNode } from 'react';
import { PanelDialog } from '@panel/ui';

/** The frame of a claim's dialogs (payment, schedule change, promise): its content brings its title. */
export function ClaimDialog({ open, onClose, size = 'md', children }: { open: boolean; onClose: () => void; size?: 'md' | 'lg' | 'xl'; children: ReactNode }) {
  return (
    <PanelDialog open={open} onClose={onClose} size={size}>
      {open && children}
    </PanelDialog>
  );
}

/** The status of a failed call (400 for input the gateway refused, 409 for a claim that moved on). */
export const statusOf = (error: unknown) => (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;

/**
 * A gateway refusal of one field, as the BFF words it after spec §8 («مشکل amount: …»): the field
 * it names and its Persian message alone, for the message beside that field. Any other failure
 * has no field and its whole message.
 */
export function fieldRefusal(error: unknown, userMessage: (error: unknown) => string): { field: string | null; message: string } {
  const message = userMessage(error);
  const named = /^مشکل ([a-z_]+): (.+)$/s.exec(message);
  return named ? { field: named[1]!, message: named[2]! } : { field: null, message };
}
