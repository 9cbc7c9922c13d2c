import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@panel/bff/router';
import { CONNECTION_MESSAGE, userMessage } from './user-message';

describe('the message a failed call shows', () => {
  it('is the Persian connection message when no answer came (never the browser\'s "Failed to fetch")', () => {
    const offline = TRPCClientError.from(new TypeError('Failed to fetch'));
    expect(userMessage(offline)).toBe(CONNECTION_MESSAGE);
  });

  it("is the server's Persian message when it answered", () => {
    const answered = TRPCClientError.from({ error: { message: 'پیام: سفارش قبلا تخصیص یافته است.', code: -32009, data: { httpStatus: 409 } } } as never);
    expect(userMessage(answered)).toBe('پیام: سفارش قبلا تخصیص یافته است.');
  });

  it('turns its numbers Persian but keeps Latin codes as they are (issue 28, defect 5)', () => {
    const answered = TRPCClientError.from({ error: { message: 'توکن PE6gPT7b همین حالا به آگهی (2xw1wmm0) متصل است؛ 2 بار', code: -32009, data: { httpStatus: 409 } } } as never);
    expect(userMessage(answered)).toBe('توکن PE6gPT7b همین حالا به آگهی (2xw1wmm0) متصل است؛ ۲ بار');
  });
});

describe('a server shedding load (issue 35)', () => {
  it("shows the connection message for the BFF's 503, never a crash", async () => {
    const { createTRPCClient, httpBatchLink } = await import('@trpc/client');
    // What a BFF under pressure answers any call: the §8 `{message}` with 503, not tRPC's envelope.
    const overloaded = async () =>
      new Response(JSON.stringify({ message: 'سرور در حال حاضر بیش از توان خود درخواست دارد. لطفا چند لحظه دیگر دوباره تلاش کنید.' }), {
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '5' },
      });
    const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: 'http://panel.test/trpc', fetch: overloaded })] });
    const failure = await client.system.health.query().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TRPCClientError);
    expect(userMessage(failure)).toBe(CONNECTION_MESSAGE);
  });
});
