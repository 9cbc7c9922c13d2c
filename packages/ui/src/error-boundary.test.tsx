import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from './system';
import { ERROR_FALLBACK_MESSAGE, ERROR_RETRY_LABEL, PanelErrorBoundary } from './error-boundary';

const SECRET = 'TypeError: cannot read properties of undefined at Grid.render';

let console_error: MockInstance<typeof console.error>;
beforeEach(() => {
  // React and the boundary both report the error; the test reads what the boundary logged.
  console_error = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  console_error.mockRestore();
});

const broken = { now: true };
function Panel() {
  if (broken.now) throw new Error(SECRET);
  return <p>جدول کارشناسان</p>;
}

const renderBoundary = (resetKeys?: unknown[]) => (
  <ChakraProvider value={system}>
    <p>بقیه صفحه</p>
    <PanelErrorBoundary name="grid" resetKeys={resetKeys}>
      <Panel />
    </PanelErrorBoundary>
  </ChakraProvider>
);

describe('PanelErrorBoundary', () => {
  it('shows the Persian fallback in place of the failed panel, never the error, and logs it with console.error', () => {
    broken.now = true;
    render(renderBoundary());
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(ERROR_FALLBACK_MESSAGE);
    expect(screen.getByRole('button', { name: ERROR_RETRY_LABEL })).toBeTruthy();
    expect(document.body.textContent).not.toContain(SECRET);
    expect(document.body.textContent).not.toContain('at ');
    // The rest of the screen keeps working.
    expect(screen.getByText('بقیه صفحه')).toBeTruthy();
    expect(console_error.mock.calls.some(([first, error]) => first === 'Render error in grid' && (error as Error).message === SECRET)).toBe(true);
  });

  it('renders the panel again when "try again" is pressed', () => {
    broken.now = true;
    const onReset = vi.fn();
    render(
      <ChakraProvider value={system}>
        <PanelErrorBoundary onReset={onReset}>
          <Panel />
        </PanelErrorBoundary>
      </ChakraProvider>,
    );
    expect(screen.queryByText('جدول کارشناسان')).toBeNull();
    broken.now = false;
    fireEvent.click(screen.getByRole('button', { name: ERROR_RETRY_LABEL }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(screen.getByText('جدول کارشناسان')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the fallback again if the retry fails too, and gives way when a reset key changes', () => {
    broken.now = true;
    const view = render(renderBoundary(['1404-01-01']));
    fireEvent.click(screen.getByRole('button', { name: ERROR_RETRY_LABEL }));
    expect(screen.getByRole('alert')).toBeTruthy();

    view.rerender(renderBoundary(['1404-01-01']));
    expect(screen.getByRole('alert')).toBeTruthy();
    broken.now = false;
    view.rerender(renderBoundary(['1404-01-02']));
    expect(screen.getByText('جدول کارشناسان')).toBeTruthy();
  });
});
