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
  // The concierge sale's team (issue 15): a supervisor, and two sales experts who see only their own sales.
  {
    username: 'supervisor',
    password: 'supervisor1234',
    first_name: 'رضا',
    last_name: 'قاسمی',
    phone_number: '09120000004',
    roles: [ROLES.staff, ROLES.supervisor],
    callee_phone_number: null,
  },
  {
    username: 'sales1',
    password: 'sales1234',
    first_name: 'حسین',
    last_name: 'کریمی',
    phone_number: '09120000005',
    roles: [ROLES.salesExpert],
    callee_phone_number: null,
  },
  {
    username: 'sales2',
    password: 'sales1234',
    first_name: 'نرگس',
    last_name: 'امینی',
    phone_number: '09120000006',
    roles: [ROLES.salesExpert],
    callee_phone_number: null,
  },
] as const;

/**
 * The support assistants who took the seeded orders and tickets (their `assistant` usernames), so
 * every screen can name them. Staff who assist; they sign in with `assistant1234`.
 */
export const ASSISTANT_USERS = [
  ['sara.ahmadi', 'سارا', 'احمدی'],
  ['reza.karimi', 'رضا', 'کریمی'],
  ['maryam.nouri', 'مریم', 'نوری'],
  ['hamid.sadeghi', 'حمید', 'صادقی'],
  ['neda.ghasemi', 'ندا', 'قاسمی'],
].map(([username, first_name, last_name], n) => ({
  username: username!,
  password: 'assistant1234',
  first_name: first_name!,
  last_name: last_name!,
  phone_number: `0912000010${n + 1}`,
  roles: [ROLES.staff, ROLES.assistant],
  callee_phone_number: null,
}));

export async function authSeed({ db }: GatewayDeps): Promise<void> {
  for (const user of [...DEMO_USERS, ...ASSISTANT_USERS]) {
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
