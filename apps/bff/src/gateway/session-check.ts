import { TRPCError } from '@trpc/server';
import { ROLES } from '@panel/contracts/common';
import type { GatewayClient } from './gateway-client';
import { GatewayError } from './gateway-error';
import type { Session } from '../session';
import { NO_ACCESS_MESSAGE, SIGN_IN_AGAIN_MESSAGE } from '../messages';

/** The upstream's "current user" call: the cheapest question whose answer proves a token good. */
export const ME_PATH = '/api/auth/me/';

/**
 * Asks the gateway whether this session still holds (an expired access token is renewed on the
 * way, spec §4) and whether it still carries the staff role. Paths that stream data check this
 * before the first byte and again at least once per token lifetime (decision 014).
 */
export async function confirmStaffSession(gateway: GatewayClient, session: Session): Promise<void> {
  try {
    await gateway.request(ME_PATH);
  } catch (error) {
    if (error instanceof GatewayError && error.status === 401) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGN_IN_AGAIN_MESSAGE, cause: error });
    }
    throw error;
  }
  if (!session.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGN_IN_AGAIN_MESSAGE });
  if (!session.roles.includes(ROLES.staff)) throw new TRPCError({ code: 'FORBIDDEN', message: NO_ACCESS_MESSAGE });
}
