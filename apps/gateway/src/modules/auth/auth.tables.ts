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

/** `migrations/0101_api_tokens.sql`: machine tokens, kept as hashes. */
export interface ApiTokensTable {
  id: Generated<number>;
  name: string;
  token_hash: string;
  prefix: string;
  roles: string[];
  created_by: number;
  created_at: Generated<string>;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface AuthTables {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  api_tokens: ApiTokensTable;
}
