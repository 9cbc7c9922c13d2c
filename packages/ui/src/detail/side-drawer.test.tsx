import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../system';
import { EntityDrawer, SideDrawer } from './side-drawer';

afterEach(cleanup);

const drawer = (entity: { code: string; state: string } | null, onClose = () => {}) => (
  <ChakraProvider value={system}>
    <EntityDrawer open onClose={onClose} entity={entity} noun="کد تخفیف" code={(c) => c.code} state={(c) => c.state}>
      {(c) => <p>بدنه {c.code}</p>}
    </EntityDrawer>
  </ChakraProvider>
);

describe('EntityDrawer', { timeout: 30_000 }, () => {
  it('is named by its noun and says it loads until the entity is there, then by noun and code with its state beside', async () => {
    const { rerender } = render(drawer(null));
    expect(await screen.findByRole('dialog', { name: 'کد تخفیف' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('در حال بارگذاری');
    rerender(drawer({ code: 'OFF-7', state: 'فعال' }));
    expect(await screen.findByRole('dialog', { name: 'کد تخفیف OFF-7' })).toBeTruthy();
    expect(screen.getByText('فعال')).toBeTruthy();
    expect(screen.getByText('بدنه OFF-7')).toBeTruthy();
  });

  it('closes from its Persian-labelled button', async () => {
    const onClose = vi.fn();
    render(drawer({ code: 'OFF-7', state: 'فعال' }, onClose));
    fireEvent.click(await screen.findByRole('button', { name: 'بستن' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('stays open when focus is moved outside it (a drawer giving way to another hands focus back), and closes on Escape', async () => {
    const onClose = vi.fn();
    render(
      <ChakraProvider value={system}>
        <button type="button">قالب تازه</button>
        <SideDrawer open onClose={onClose} title="قالب پیامک">
          <p>بدنه</p>
        </SideDrawer>
      </ChakraProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'قالب پیامک' });
    // The drawer's listeners for focus outside start a tick after it opens.
    await new Promise((tick) => setTimeout(tick, 50));
    const outside = screen.getByText('قالب تازه', { selector: 'button' });
    fireEvent.focusIn(outside);
    outside.focus();
    await new Promise((tick) => setTimeout(tick, 50));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
