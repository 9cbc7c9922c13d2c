import { createHash } from 'node:crypto';
import { ApiTokenSelfSchema, type ApiTokenSelf } from '@panel/contracts/api-tokens';
import { callGateway, type Upstream } from './gateway/gateway-client';
import { GatewayError, isGatewayFailure } from './gateway/gateway-error';
import { Session, type SessionUser, type TokenStatus } from './session';
import type { Sealer } from './session-seal';
import type { TokenRevocations } from './token-revocations';

// A machine call (issue 18): `Authorization: Bearer pnl_...`, no cookies. The gateway keeps the
// tokens and says what one stands for (`GET /api/auth/api-tokens/self/`): its actor
// `token:<name>`, its roles and its expiry. Every gateway call of the request then carries the
// token itself, so the gateway checks it again (revoked, expired) and records its actions as
// done by it. Nothing is cached: a revoked token is refused on its very next request.

export const SELF_PATH = '/api/auth/api-tokens/self/';

/** The API token in an Authorization header, or undefined (no header, or not a Bearer). */
export function bearerOf(headers: Record<string, unknown>): string | undefined {
  const header = headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** The key a token's calls are counted under (its hash: the token itself is never kept). */
export const tokenKey = (token: string) => createHash('sha256').update(token).digest('hex');

export class MachineSession extends Session {
  #self: ApiTokenSelf | undefined;
  #invalid = false;
  #opened: Promise<void> | undefined;

  /** What this token's calls are counted under. */
  readonly key: string;

  constructor(
    readonly token: string,
    private readonly upstream: Upstream,
    sealer: Sealer,
    /** Revocations heard from any replica (`token-revocations.ts`): they end this token's streams at once. */
    private readonly revocations: TokenRevocations,
  ) {
    super({}, undefined, false, sealer);
    this.key = tokenKey(token);
  }

  override open(): Promise<void> {
    this.#opened ??= this.#resolve();
    return this.#opened;
  }

  async #resolve(): Promise<void> {
    await super.open();
    try {
      this.#self = ApiTokenSelfSchema.parse(await callGateway(this.upstream, SELF_PATH, {}, this.token));
    } catch (error) {
      // Unknown, revoked or expired (401), or a person's token sent as a machine's (404).
      if (error instanceof GatewayError && (error.status === 401 || error.status === 404)) this.#invalid = true;
      else if (isGatewayFailure(error)) throw error;
      else this.#invalid = true;
    }
  }

  /** The token as the gateway described it at the start of this request. */
  get self(): ApiTokenSelf | undefined {
    return this.#self;
  }

  override get(): { access?: string; refresh?: string } {
    return { access: this.#invalid ? undefined : this.token };
  }

  override get status(): TokenStatus {
    return this.#invalid || !this.#self ? 'invalid-tokens' : 'valid-tokens';
  }

  override get user(): SessionUser | undefined {
    if (this.status !== 'valid-tokens') return undefined;
    return { id: this.#self!.id, username: this.#self!.actor, first_name: this.#self!.name, last_name: '' };
  }

  override get roles(): string[] {
    return this.user ? this.#self!.roles_in_services : [];
  }

  override get accessExpiresAt(): number | undefined {
    return this.#self ? Date.parse(this.#self.expires_at) : undefined;
  }

  /** A token is never refreshed: it lives until its expiry or its revocation. */
  override async save(): Promise<void> {}

  /** The gateway refused the token: this request goes on without it. */
  override clear(): void {
    this.#invalid = true;
  }

  override onEnd(listener: () => void): () => void {
    const id = this.#self?.id;
    if (id === undefined) return () => {};
    const heard = (revoked: number) => {
      if (revoked === id) listener();
    };
    return this.revocations.listen(heard);
  }
}
