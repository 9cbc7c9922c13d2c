import { expect, type APIRequestContext } from '@playwright/test';
import { SignJWT } from 'jose';
import { ownPanel } from './panels';
import { E2E_JWT_SECRET } from './secrets';

// The reference gateway of this worker's panel (support/panels.ts), called directly where a spec plays someone outside
// the panel: an expert answering from their app, a customer reserving from theirs. Tokens are
// minted with the specs' gateway secret, as the gateway's own tests do.

export const GATEWAY_URL = ownPanel().gatewayURL;

/** An access token of the gateway for `username` with `roles` (an expert app's: 'backoffice#expert'). */
export async function gatewayToken(username: string, roles: string[]): Promise<string> {
  return new SignJWT({ user: { id: 9000, username, first_name: '', last_name: '' }, roles_in_services: roles, type: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}

/** One call to the gateway; answers the JSON and checks the status. */
export async function gatewayCall<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: object, status = method === 'GET' ? 200 : undefined): Promise<T> {
  const response = await request.fetch(`${GATEWAY_URL}${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  if (status !== undefined) expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(status);
  else expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}
