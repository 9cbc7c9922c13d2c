import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db';
import { HttpError, notFound, tokenNotValid } from '../../errors';
import type { TokenUser, Tokens } from '../../plugins/auth';
import { dummyPasswordHash, verifyPassword } from './password';

interface UserRow {
  id: string | number;
  username: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  roles: string[];
  is_active: boolean;
  callee_phone_number: string | null;
  date_joined: Date | string;
  last_login: Date | string | null;
}

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

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toDto(row: UserRow): UserDto {
  return {
    id: Number(row.id),
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: `${row.first_name} ${row.last_name}`.trim(),
    phone_number: row.phone_number,
    roles_in_services: row.roles,
    is_active: row.is_active,
    date_joined: iso(row.date_joined)!,
    last_login: iso(row.last_login),
  };
}

const tokenUser = (row: UserRow): TokenUser => ({
  id: Number(row.id),
  username: row.username,
  first_name: row.first_name,
  last_name: row.last_name,
});

// SimpleJWT's answer in Persian: one message for a wrong username or password so the answer
// does not tell which usernames exist.
export const WRONG_CREDENTIALS = 'نام کاربری یا رمز عبور اشتباه است';


export function createAuthService(db: Db, tokens: Tokens) {
  async function findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await db.query<UserRow>('SELECT * FROM users WHERE username = $1', [username]);
    return row;
  }

  async function findById(id: number): Promise<UserRow | undefined> {
    const [row] = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
    return row;
  }

  return {
    async login(username: string, password: string): Promise<{ access: string; refresh: string }> {
      const row = await findByUsername(username);
      const ok = await verifyPassword(password, row?.password_hash ?? (await dummyPasswordHash()));
      if (!row || !ok || !row.is_active) throw new HttpError(401, { detail: WRONG_CREDENTIALS });

      const jti = randomUUID();
      const refresh = await tokens.signRefresh(Number(row.id), jti);
      const { exp } = (await tokens.verify<object>(refresh, 'refresh'))!;
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO refresh_tokens (jti, user_id, expires_at) VALUES ($1, $2, to_timestamp($3))', [
          jti,
          row.id,
          exp,
        ]);
        await tx.query('UPDATE users SET last_login = now() WHERE id = $1', [row.id]);
      });
      return { access: await tokens.signAccess(tokenUser(row), row.roles), refresh };
    },

    /** A new access token with the user's current roles; the refresh token stays the same. */
    async refresh(refresh: string): Promise<{ access: string }> {
      const claims = await tokens.verify<object>(refresh, 'refresh');
      if (!claims?.jti || !claims.sub) throw tokenNotValid();
      // One statement marks the use and proves the token is live, so a revoked token cannot
      // slip between a check and the count.
      const [live] = await db.query<{ user_id: string }>(
        `UPDATE refresh_tokens SET refresh_count = refresh_count + 1, last_refreshed_at = now()
         WHERE jti = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING user_id`,
        [claims.jti],
      );
      if (!live) throw tokenNotValid();
      const row = await findById(Number(live.user_id));
      if (!row || !row.is_active) throw tokenNotValid();
      return { access: await tokens.signAccess(tokenUser(row), row.roles) };
    },

    /** Revokes a refresh token; unknown or already revoked tokens are not an error. */
    async logout(refresh: string): Promise<void> {
      const claims = await tokens.verify<object>(refresh, 'refresh');
      if (!claims?.jti) return;
      await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE jti = $1 AND revoked_at IS NULL', [claims.jti]);
    },

    async me(userId: number): Promise<UserDto> {
      const row = await findById(userId);
      if (!row) throw notFound('کاربر یافت نشد');
      return toDto(row);
    },

    async list(query: { search?: string; page: number; page_size: number }) {
      const pattern = query.search ? `%${query.search}%` : null;
      const where = `WHERE ($1::text IS NULL OR username ILIKE $1 OR first_name ILIKE $1 OR last_name ILIKE $1
        OR phone_number ILIKE $1)`;
      const [counted] = await db.query<{ count: string }>(`SELECT count(*) AS count FROM users ${where}`, [pattern]);
      const rows = await db.query<UserRow>(`SELECT * FROM users ${where} ORDER BY id LIMIT $2 OFFSET $3`, [
        pattern,
        query.page_size,
        (query.page - 1) * query.page_size,
      ]);
      const total = Number(counted?.count ?? 0);
      return {
        count: total,
        next: query.page * query.page_size < total ? query.page + 1 : null,
        previous: query.page > 1 ? query.page - 1 : null,
        results: rows.map(toDto),
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
      const [row] = await db.query<UserRow>('UPDATE users SET callee_phone_number = $2 WHERE id = $1 RETURNING *', [
        userId,
        phone,
      ]);
      if (!row) throw notFound('کاربر یافت نشد');
      return { data: { callee_phone_number: row.callee_phone_number } };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
