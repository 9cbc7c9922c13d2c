import { createHash, randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { API_TOKEN_PREFIX, apiTokenActor, type ApiToken, type ApiTokenSelf, type CreateApiTokenInput, type CreatedApiToken } from '@panel/contracts/api-tokens';
import type { Db } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { HttpError, conflict, forbidden, notFound } from '../../errors';
import type { AccessClaims } from '../../plugins/auth';
import type { ApiTokensTable, AuthTables } from './auth.tables';

type TokenRow = Selectable<ApiTokensTable> & { creator: string };

export const TOKEN_NAME_TAKEN = 'توکنی با این نام وجود دارد؛ نام دیگری انتخاب کنید.';
export const TOKEN_ROLES_EXCEED = 'توکن نمی‌تواند نقشی بیش از نقش‌های سازنده‌اش داشته باشد.';
export const TOKEN_ALREADY_REVOKED = 'این توکن پیش‌تر باطل شده است.';
export const TOKEN_NOT_FOUND = 'توکن یافت نشد.';
export const TOKENS_BY_PEOPLE_ONLY = 'توکن‌ها را فقط کارکنان از پنل می‌سازند یا باطل می‌کنند، نه با توکن دیگری.';

/** The hash the table keeps; the token itself is shown once and never stored. */
export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

const toDto = (row: TokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  roles: row.roles,
  created_by: row.creator,
  created_at: row.created_at,
  expires_at: row.expires_at,
  last_used_at: row.last_used_at,
  revoked_at: row.revoked_at,
});

/** Who is asking: a person (a token may not manage tokens). */
export interface TokenManager {
  userId: number;
  roles: string[];
  viaToken: boolean;
}

export function createApiTokenService(db: Db) {
  const q = kyselyOf<AuthTables>(db);
  const rows = () =>
    q
      .selectFrom('api_tokens')
      .innerJoin('users', 'users.id', 'api_tokens.created_by')
      .selectAll('api_tokens')
      .select('users.username as creator');

  const person = (who: TokenManager) => {
    if (who.viaToken) throw forbidden(TOKENS_BY_PEOPLE_ONLY);
  };

  return {
    async list(who: TokenManager): Promise<{ count: number; results: ApiToken[] }> {
      person(who);
      const results = (await rows().orderBy('api_tokens.id', 'desc').execute()).map(toDto);
      return { count: results.length, results };
    },

    async create(who: TokenManager, input: CreateApiTokenInput): Promise<CreatedApiToken> {
      person(who);
      const beyond = input.roles.filter((role) => !who.roles.includes(role));
      if (beyond.length > 0) throw new HttpError(403, { detail: TOKEN_ROLES_EXCEED });
      const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const inserted = await q
        .insertInto('api_tokens')
        .values({
          name: input.name,
          token_hash: hashApiToken(token),
          prefix: token.slice(0, API_TOKEN_PREFIX.length + 6),
          roles: [...new Set(input.roles)],
          created_by: who.userId,
          expires_at: sql<string>`now() + make_interval(days => ${input.expiresInDays})`,
        })
        .onConflict((oc) => oc.column('name').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw conflict(TOKEN_NAME_TAKEN);
      const row = await rows().where('api_tokens.id', '=', inserted.id).executeTakeFirstOrThrow();
      return { ...toDto(row), token };
    },

    /** Revoked at once: the next request with it is refused, an open stream with it ends. */
    async revoke(who: TokenManager, id: number): Promise<ApiToken> {
      person(who);
      const revoked = await q
        .updateTable('api_tokens')
        .set({ revoked_at: sql<string>`now()` })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!revoked) {
        const exists = await q.selectFrom('api_tokens').select('id').where('id', '=', id).executeTakeFirst();
        throw exists ? conflict(TOKEN_ALREADY_REVOKED) : notFound(TOKEN_NOT_FOUND);
      }
      return toDto(await rows().where('api_tokens.id', '=', id).executeTakeFirstOrThrow());
    },

    /**
     * The claims a live token stands for, its use recorded; undefined for an unknown, revoked or
     * expired token, or one whose creator left. Roles are the token's, cut to what its creator
     * still holds, so a token never outgrows the person who made it.
     */
    async resolve(token: string): Promise<AccessClaims | undefined> {
      const used = await q
        .updateTable('api_tokens')
        .set({ last_used_at: sql<string>`now()` })
        .where('token_hash', '=', hashApiToken(token))
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<string>`now()`)
        .returning(['id', 'name', 'roles', 'created_by', 'expires_at'])
        .executeTakeFirst();
      if (!used) return undefined;
      const creator = await q.selectFrom('users').select(['roles', 'is_active']).where('id', '=', used.created_by).executeTakeFirst();
      if (!creator?.is_active) return undefined;
      return {
        user: { id: used.created_by, username: apiTokenActor(used.name), first_name: used.name, last_name: '' },
        roles_in_services: used.roles.filter((role) => creator.roles.includes(role)),
        exp: Math.floor(Date.parse(used.expires_at) / 1000),
        type: 'access',
        api_token: { id: used.id, name: used.name },
      };
    },
  };
}

/** What the gateway tells the BFF about the token a request carries. */
export function tokenSelf(claims: AccessClaims): ApiTokenSelf {
  if (!claims.api_token) throw notFound(TOKEN_NOT_FOUND);
  return {
    id: claims.api_token.id,
    name: claims.api_token.name,
    actor: claims.user.username,
    roles_in_services: claims.roles_in_services,
    expires_at: new Date(claims.exp * 1000).toISOString(),
  };
}

/** `GET /api/auth/me/` for a token: the user `token:<name>`, so "who am I" reads the same for people and machines. */
export function tokenAsUser(claims: AccessClaims) {
  const self = tokenSelf(claims);
  return {
    id: claims.user.id,
    username: self.actor,
    first_name: self.name,
    last_name: '',
    full_name: self.name,
    phone_number: null,
    roles_in_services: self.roles_in_services,
    is_active: true,
    api_token: self,
  };
}
