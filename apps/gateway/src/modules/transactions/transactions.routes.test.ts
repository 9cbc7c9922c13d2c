import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { TransactionsPageSchema } from '@panel/contracts/transactions';
import { startTestGateway } from '../../testing';

const drivers = [
  { name: 'PGlite', usePostgres: false },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', usePostgres: true }] : []),
];

describe.each(drivers)('transactions on $name', ({ usePostgres }) => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  let viewer: string;
  const list = (query: Record<string, string> = {}, token = staff) => gateway.app.inject({ method: 'GET', url: '/api/transactions/', query, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
    viewer = await gateway.deps.tokens.signAccess({ id: 3, username: 'viewer', first_name: 'مهمان', last_name: 'پنل' }, []);
    await gateway.deps.db.query(`INSERT INTO transactions (name, created_by) SELECT 'نمونه ' || n, 'staff' FROM generate_series(1, 25) n`);
  }, 120_000);
  afterAll(() => gateway?.close());

  it('answers the upstream envelope, twenty to a page, searched and sorted in SQL', async () => {
    const first = TransactionsPageSchema.parse((await list()).json());
    expect(first).toMatchObject({ count: 25, page: 1, pageSize: 20 });
    expect(first.results).toHaveLength(20);
    const searched = TransactionsPageSchema.parse((await list({ search: 'نمونه ۱', sort: 'name', isAscending: 'true' })).json());
    expect(searched.results.map((r) => r.name)).toEqual([...searched.results.map((r) => r.name)].sort());
  });

  it('refuses a bad filter in Persian and a caller without the role', async () => {
    expect((await list({ page: 'x' })).statusCode).toBe(400);
    expect((await list({}, viewer)).statusCode).toBe(403);
  });
});
