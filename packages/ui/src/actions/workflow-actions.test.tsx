import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { ROLES, defineWorkflow } from '@panel/contracts/common';
import { system } from '../system';
import { WorkflowActions } from './workflow-actions';

afterEach(cleanup);

const post = defineWorkflow({
  noun: 'آگهی',
  states: { W: 'در انتظار بررسی', A: 'منتشر شده', R: 'رد شده' },
  actions: {
    approve: { label: 'تأیید', from: ['W', 'R'], to: 'A' },
    reject: { label: 'رد آگهی', from: ['W', 'A'], to: 'R', reason: 'required', confirm: 'آگهی رد شود؟' },
    archive: { label: 'بایگانی', from: ['A'], to: 'R' },
    restore: { label: 'بازگرداندن', from: ['R'], to: 'W', roles: [ROLES.supervisor] },
  },
});

const renderActions = (state: 'W' | 'A' | 'R', onRun = vi.fn(async () => undefined), hidden: ('approve' | 'reject' | 'archive')[] = [], roles: string[] = [ROLES.staff]) =>
  render(
    <ChakraProvider value={system}>
      <WorkflowActions workflow={post} state={state} roles={roles} onRun={onRun} hidden={hidden} />
    </ChakraProvider>,
  );

describe('WorkflowActions', () => {
  it('shows a button for each action the table allows from the state, and no other', () => {
    renderActions('W');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['تأیید', 'رد آگهی']);
    cleanup();
    renderActions('A', undefined, ['archive']);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['رد آگهی']);
  });

  it('leaves out an action whose declared roles the session does not hold', () => {
    renderActions('R');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['تأیید']);
    cleanup();
    renderActions('R', undefined, [], [ROLES.staff, ROLES.supervisor]);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['تأیید', 'بازگرداندن']);
  });

  it('runs a plain action at once', async () => {
    const onRun = vi.fn(async () => undefined);
    renderActions('W', onRun);
    fireEvent.click(screen.getByRole('button', { name: 'تأیید' }));
    await waitFor(() => expect(onRun).toHaveBeenCalledWith('approve', ''));
  });

  it('asks for the required reason before running, in a named dialog', async () => {
    const onRun = vi.fn(async () => undefined);
    renderActions('W', onRun);
    fireEvent.click(screen.getByRole('button', { name: 'رد آگهی' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'رد آگهی' });
    expect(dialog.textContent).toContain('آگهی رد شود؟');
    const confirm = screen.getAllByRole('button', { name: 'رد آگهی' }).find((b) => dialog.contains(b))!;
    expect(dialog.hasAttribute('novalidate')).toBe(true);
    fireEvent.click(confirm);
    expect(await screen.findByText('دلیل را بنویسید.')).toBeTruthy();
    expect(onRun).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'تصاویر نامناسب' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(onRun).toHaveBeenCalledWith('reject', 'تصاویر نامناسب'));
  });
});
