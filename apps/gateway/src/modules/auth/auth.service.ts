import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { likeContains, pagedList } from '../../db/list-query';
import { HttpError, notFound, tokenNotValid } from '../../errors';
import type { TokenUser, Tokens } from '../../plugins/auth';
import type { AuthTables, UsersTable } from './auth.tables';
import { dummyPasswordHash, verifyPassword } from './password';

type UserRow = Selectable<UsersTable>;

/** What leaves the gateway about a user: never the password hash. */
export interface UserDto {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  full_name: string;
  phone_number: string | null;
  roles_in_services: string[];
  is_active: boolean;
  date_joined: string;
  last_login: string | null;
}

function toDto(row: UserRow): UserDto {
  return {
    id: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: `${row.first_name} ${row.last_name}`.trim(),
    phone_number: row.phone_number,
    roles_in_services: row.roles,
    is_active: row.is_active,
    date_joined: row.date_joined,
    last_login: row.last_login,
  };
}

const tokenUser = (row: UserRow): TokenUser => ({
  id: row.id,
  username: row.username,
  first_name: row.first_name,
  last_name: row.last_name,
});

// SimpleJWT's answer in Persian: one message for a wrong username or password so the answer
// does not tell which usernames exist.
export const WRONG_CREDENTIALS = 'نام کاربری یا رمز عبور اشتباه است';


export function createAuthService(db: Db, tokens: Tokens) {
  const q = kyselyOf<AuthTables>(db);

  const findByUsername = (username: string) => q.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();

  const findById = (id: number) => q.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

  return {
    async login(username: string, password: string): Promise<{ access: string; refresh: string }> {
      const row = await findByUsername(username);
      const ok = await verifyPassword(password, row?.password_hash ?? (await dummyPasswordHash()));
      if (!row || !ok || !row.is_active) throw new HttpError(401, { detail: WRONG_CREDENTIALS });

      const jti = randomUUID();
      const refresh = await tokens.signRefresh(row.id, jti);
      const { exp } = (await tokens.verify<object>(refresh, 'refresh'))!;
      await db.transaction(async (tx) => {
        const trx = kyselyOf<AuthTables>(tx);
        await trx.insertInto('refresh_tokens').values({ jti, user_id: row.id, expires_at: sql<string>`to_timestamp(${exp})` }).execute();
        await trx.updateTable('users').set({ last_login: sql<string>`now()` }).where('id', '=', row.id).execute();
      });
      return { access: await tokens.signAccess(tokenUser(row), row.roles), refresh };
    },

    /** A new access token with the user's current roles; the refresh token stays the same. */
    async refresh(refresh: string): Promise<{ access: string }> {
      const claims = await tokens.verify<object>(refresh, 'refresh');
      if (!claims?.jti || !claims.sub) throw tokenNotValid();
      // One statement marks the use and proves the token is live, so a revoked token cannot
      // slip between a check and the count.
      const live = await q
        .updateTable('refresh_tokens')
        .set((eb) => ({ refresh_count: eb('refresh_count', '+', 1), last_refreshed_at: sql<string>`now()` }))
        .where('jti', '=', claims.jti)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<string>`now()`)
        .returning('user_id')
        .executeTakeFirst();
      if (!live) throw tokenNotValid();
      const row = await findById(live.user_id);
      if (!row || !row.is_active) throw tokenNotValid();
      return { access: await tokens.signAccess(tokenUser(row), row.roles) };
    },

    /** Revokes a refresh token; unknown or already revoked tokens are not an error. */
    async logout(refresh: string): Promise<void> {
      const claims = await tokens.verify<object>(refresh, 'refresh');
      if (!claims?.jti) return;
      await q
        .updateTable('refresh_tokens')
        .set({ revoked_at: sql<string>`now()` })
        .where('jti', '=', claims.jti)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async me(userId: number): Promise<UserDto> {
      const row = await findById(userId);
      if (!row) throw notFound('کاربر یافت نشد');
      return toDto(row);
    },

    async list(query: { search?: string; page: number; page_size: number }) {
      let filtered = q.selectFrom('users');
      if (query.search) {
        const like = likeContains(query.search);
        filtered = filtered.where((eb) =>
          eb.or([eb('username', 'ilike', like), eb('first_name', 'ilike', like), eb('last_name', 'ilike', like), eb('phone_number', 'ilike', like)]),
        );
      }
      const { results, count } = await pagedList(filtered, { key: 'id', order: sql`id`, columns: (users) => users.selectAll() }, {
        page: query.page,
        pageSize: query.page_size,
      });
      return {
        count,
        next: query.page * query.page_size < count ? query.page + 1 : null,
        previous: query.page > 1 ? query.page - 1 : null,
        results: results.map(toDto),
      };
    },

    async one(id: number): Promise<UserDto> {
      const row = await findById(id);
      if (!row) throw notFound('کاربر یافت نشد');
      return toDto(row);
    },

    async callee(userId: number): Promise<{ data: { callee_phone_number: string | null } }> {
      const row = await findById(userId);
      if (!row) throw notFound('کاربر یافت نشد');
      return { data: { callee_phone_number: row.callee_phone_number } };
    },

    /** What the call-center integration does when a call starts (a phone) or ends (null). */
    async setCall(userId: number, phone: string | null): Promise<{ data: { callee_phone_number: string | null } }> {
      const row = await q
        .updateTable('users')
        .set({ callee_phone_number: phone })
        .where('id', '=', userId)
        .returning('callee_phone_number')
        .executeTakeFirst();
      if (!row) throw notFound('کاربر یافت نشد');
      return { data: { callee_phone_number: row.callee_phone_number } };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
