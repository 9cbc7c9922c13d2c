import { ROLES } from '@panel/contracts/common';
import type { GatewayDeps } from '../../deps';
import { hashPassword } from './password';

/** The demo users of docs/auth.md. The phone matches seeded inspection orders. */
export const DEMO_USERS = [
  {
    username: 'staff',
    password: 'staff1234',
    first_name: 'سارا',
    last_name: 'محمدی',
    phone_number: '09120000001',
    roles: Object.values(ROLES),
    callee_phone_number: '09121234567',
  },
  {
    username: 'staff2',
    password: 'staff1234',
    first_name: 'علی',
    last_name: 'رضایی',
    phone_number: '09120000002',
    roles: [ROLES.staff],
    callee_phone_number: null,
  },
  {
    username: 'viewer',
    password: 'viewer1234',
    first_name: 'مریم',
    last_name: 'احمدی',
    phone_number: '09120000003',
    // Signed in, but without 'backoffice#staff': sees only the pages open to everyone.
    roles: [ROLES.follower],
    callee_phone_number: null,
  },
] as const;

export async function authSeed({ db }: GatewayDeps): Promise<void> {
  for (const user of DEMO_USERS) {
    await db.query(
      `INSERT INTO users (username, password_hash, first_name, last_name, phone_number, roles, callee_phone_number)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (username) DO NOTHING`,
      [
        user.username,
        await hashPassword(user.password),
        user.first_name,
        user.last_name,
        user.phone_number,
        [...user.roles],
        user.callee_phone_number,
      ],
    );
  }
}
