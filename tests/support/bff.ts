import { expect, type Page } from '@playwright/test';

// The panel's own procedures called from a spec with the page's session (its cookies), for data
// a spec sets up or reads back without walking a screen that is not its subject.

const HEADERS = { 'x-panel-request': '1', 'content-type': 'application/json' };

/** One tRPC procedure of the BFF: a query (GET) or a mutation (POST); answers its data and checks it succeeded. */
export async function bffCall<T>(page: Page, procedure: string, input: unknown = {}, method: 'GET' | 'POST' = 'GET'): Promise<T> {
  const res =
    method === 'GET'
      ? await page.request.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: HEADERS })
      : await page.request.post(`/trpc/${procedure}`, { headers: HEADERS, data: input });
  expect(res.ok(), `${procedure}: ${await res.text()}`).toBe(true);
  return (await res.json()).result.data as T;
}
