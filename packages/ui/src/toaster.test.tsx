import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from './system';
import { notify } from './toaster';
import { Toaster, toaster } from './toaster-view';

afterEach(() => {
  toaster.remove();
  cleanup();
});

// Issue 28, defect 5: «توکن PE۶gPT۷b … (۲xw۱wmm۰)» named codes that do not exist.
describe('a toast of a server message', () => {
  it('shows numbers in Persian digits and codes Latin, isolated left to right', async () => {
    render(
      <ChakraProvider value={system}>
        <Toaster />
      </ChakraProvider>,
    );
    act(() => notify('توکن PE6gPT7b همین حالا به آگهی (2xw1wmm0) متصل است؛ 3 بار'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('توکن PE6gPT7b همین حالا به آگهی (2xw1wmm0) متصل است؛ ۳ بار');
    const codes = [...toast.querySelectorAll('bdi[dir="ltr"][data-ltr]')].map((el) => el.textContent);
    expect(codes).toEqual(['PE6gPT7b', '2xw1wmm0']);
  });
});
