import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { UiProvider, toaster } from '@panel/ui';
import { queryClient } from './trpc';

// Screens rendered in jsdom with the app's own query client, tRPC client and global error layer
// (the toasts): only the BFF is replaced, by answers per procedure through a stubbed `fetch`.

/** What a procedure answers: its data, or a failure as the BFF formats it (Persian message, code, status). */
export type Answer = { data: unknown } | { error: { message: string; code: string; httpStatus: number } };
export type Answers = Record<string, Answer | ((input: unknown) => Answer)>;

const CODES: Record<string, number> = { BAD_REQUEST: -32600, UNAUTHORIZED: -32001, FORBIDDEN: -32003, NOT_FOUND: -32004, CONFLICT: -32009 };

/**
 * Answers the tRPC batch calls of the app's client (`/trpc/a,b?batch=1&input=...`) from
 * `answers`; a procedure without an answer fails the test loudly. Returns the calls made, by path.
 */
export function answerTrpc(answers: Answers): { calls: { path: string; input: unknown }[] } {
  const calls: { path: string; input: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string | URL, init?: RequestInit) => {
    const address = new URL(String(url), 'http://panel.test');
    const paths = decodeURIComponent(address.pathname.replace(/^\/trpc\//, '')).split(',');
    const inputText = address.searchParams.get('input') ?? (typeof init?.body === 'string' ? init.body : '{}');
    const inputs = JSON.parse(inputText) as Record<string, unknown>;
    let status = 200;
    const body = paths.map((path, index) => {
      const input = inputs[String(index)];
      calls.push({ path, input });
      const declared = answers[path];
      if (!declared) throw new Error(`no answer for ${path}`);
      const answer = typeof declared === 'function' ? declared(input) : declared;
      if ('data' in answer) return { result: { data: answer.data } };
      status = answer.error.httpStatus;
      return { error: { message: answer.error.message, code: CODES[answer.error.code] ?? -32603, data: { code: answer.error.code, httpStatus: answer.error.httpStatus, path } } };
    });
    return new Response(JSON.stringify(body), { status: paths.length > 1 ? 207 : status, headers: { 'content-type': 'application/json' } });
  });
  return { calls };
}

/** Renders `element` at `path` (matched by `route`, e.g. '/panel/concierge-sale/:id') inside the app's providers. */
export function renderScreen(element: ReactNode, { path, route = path }: { path: string; route?: string }) {
  queryClient.clear();
  toaster.remove();
  return render(
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={element} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </UiProvider>,
  );
}

/** The titles of the toasts the global error layer and the screens have shown. */
export const toastTitles = () => Array.from(document.querySelectorAll('[data-testid="toast"]')).map((toast) => toast.textContent ?? '');

/** The session answer of a user holding `roles` (the screens show actions by them, decision 094). */
export const sessionAnswer = (roles: readonly string[]): Answer => ({
  data: { user: { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی', full_name: 'سارا محمدی' }, roles },
});
