import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { useState } from 'react';
import { system } from '../system';
import { ConfirmDialog } from './confirm-dialog';

afterEach(cleanup);

/** A client error as the panel's tRPC client gives it: the HTTP status under `data`. */
const answered = (httpStatus: number) => Object.assign(new Error('refused'), { data: { httpStatus } });

function Harness({ onConfirm, onClose }: { onConfirm: (reason: string) => Promise<unknown>; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <ChakraProvider value={system}>
      {open && (
        <ConfirmDialog
          open
          onClose={() => {
            onClose();
            setOpen(false);
          }}
          title="لغو سفارش"
          confirmLabel="لغو سفارش"
          reason="required"
          onConfirm={onConfirm}
        />
      )}
    </ChakraProvider>
  );
}

async function confirmWith(onConfirm: (reason: string) => Promise<unknown>) {
  const onClose = vi.fn();
  render(<Harness onConfirm={onConfirm} onClose={onClose} />);
  const dialog = await screen.findByRole('alertdialog', { name: 'لغو سفارش' });
  fireEvent.change(screen.getByRole('textbox'), { target: { value: 'مشتری منصرف شد' } });
  fireEvent.click(screen.getAllByRole('button', { name: 'لغو سفارش' }).find((b) => dialog.contains(b))!);
  await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('مشتری منصرف شد'));
  return { onClose, dialog };
}

describe('ConfirmDialog', () => {
  it('closes when the server refuses the action itself (issue 28: it stayed open under the refusal toast)', async () => {
    for (const status of [403, 404, 409]) {
      const { onClose } = await confirmWith(vi.fn(async () => Promise.reject(answered(status))));
      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
      // Closing re-renders the harness without the dialog: wait for that render, not just the call.
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      cleanup();
    }
  });

  it('stays open, ready again and with what was typed, when a retry may help or a field needs fixing', async () => {
    for (const error of [new TypeError('Failed to fetch'), answered(400), answered(503)]) {
      const { onClose, dialog } = await confirmWith(vi.fn(async () => Promise.reject(error)));
      // While the refused call settles the button shows its spinner in place of its name: wait for both back.
      await waitFor(() => {
        const confirm = screen.getAllByRole('button', { name: 'لغو سفارش' }).find((b) => dialog.contains(b));
        expect(confirm?.hasAttribute('disabled')).toBe(false);
      });
      expect(onClose).not.toHaveBeenCalled();
      expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('مشتری منصرف شد');
      cleanup();
    }
  });

  it('asks for the reason by its own name', async () => {
    render(
      <ChakraProvider value={system}>
        <ConfirmDialog open onClose={() => undefined} title="گزارش مغایرت" confirmLabel="گزارش مغایرت" reason="required" reasonLabel="متن پیام به مشتری" onConfirm={async () => undefined} />
      </ChakraProvider>,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'گزارش مغایرت' });
    fireEvent.click(screen.getAllByRole('button', { name: 'گزارش مغایرت' }).find((b) => dialog.contains(b))!);
    expect(await screen.findByText('متن پیام به مشتری را بنویسید.')).toBeTruthy();
  });
});
