import type { Generated } from 'kysely';

/** The tables of `migrations/0100_users.sql`, as the drivers answer them. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  phone_number: string | null;
  roles: Generated<string[]>;
  is_active: Generated<boolean>;
  callee_phone_number: string | null;
  date_joined: Generated<string>;
  last_login: string | null;
}

export interface RefreshTokensTable {
  jti: string;
  user_id: number;
  expires_at: string;
  revoked_at: string | null;
  refresh_count: Generated<number>;
  last_refreshed_at: string | null;
  created_at: Generated<string>;
}

export interface AuthTables {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
}
