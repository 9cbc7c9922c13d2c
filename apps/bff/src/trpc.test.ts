import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import { GatewayError, GatewayUnavailableError } from './gateway/gateway-error';
import { createTestCaller, startGatewayForBff } from './testing';
import { gatewayFields, toTRPCError } from './trpc';

describe('gateway failures become Persian user messages', () => {
  it('keeps the status and builds the §8 message', () => {
    const conflict = toTRPCError(new GatewayError(409, { message: 'این سفارش قبلا تخصیص یافته است' }, '{"message":"این سفارش قبلا تخصیص یافته است"}', 'application/json'));
    expect(conflict.code).toBe('CONFLICT');
    expect(conflict.message).toBe('پیام: این سفارش قبلا تخصیص یافته است');
  });

  it('never passes a 500 body on', () => {
    const failure = toTRPCError(new GatewayError(500, 'Traceback (most recent call last): secret', 'Traceback (most recent call last): secret', 'text/plain'));
    expect(failure.message).toBe('ظاهرا مشکلی پیش آمده است - کد خطا: 500');
    expect(failure.message).not.toContain('Traceback');
  });

  it("names the fields of a gateway's 400 for the form, never its general messages", () => {
    const refused = (status: number, body: unknown) => new GatewayError(status, body, JSON.stringify(body), 'application/json');
    expect(gatewayFields(refused(400, { otp_code: ['کد تأیید نادرست است.'], down_payment: 'پیش‌پرداخت کم است.', non_field_errors: ['x'], message: 'ثبت نشد' }))).toEqual([
      { path: 'otp_code', message: 'کد تأیید نادرست است.' },
      { path: 'down_payment', message: 'پیش‌پرداخت کم است.' },
    ]);
    expect(gatewayFields(refused(400, { message: 'ثبت نشد' }))).toBeUndefined();
    expect(gatewayFields(refused(409, { otp_code: ['x'] }))).toBeUndefined();
    expect(gatewayFields(refused(400, 'plain text'))).toBeUndefined();
  });

  it('says plainly when the gateway cannot be reached', () => {
    expect(toTRPCError(new GatewayUnavailableError('down')).code).toBe('SERVICE_UNAVAILABLE');
  });
});

describe('the BFF reaches a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  beforeAll(async () => {
    gateway = await startGatewayForBff('none');
  });
  afterAll(() => gateway.close());

  it('reports health through the typed procedure', async () => {
    const caller = createTestCaller({ gatewayUrl: gateway.url });
    await expect(caller.system.health()).resolves.toEqual({ bff: 'ok', gateway: { status: 'ok', database: gateway.deps.db.driver } });
  });

  it('answers SERVICE_UNAVAILABLE when the gateway is gone', async () => {
    const caller = createTestCaller({ gatewayUrl: 'http://127.0.0.1:9' });
    await expect(caller.system.health()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
