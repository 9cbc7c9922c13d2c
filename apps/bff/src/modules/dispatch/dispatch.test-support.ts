import type { Cell } from '@panel/contracts/dispatch';
import type { startTestGateway } from '@panel/gateway/testing';

type Gateway = Awaited<ReturnType<typeof startTestGateway>>;

/**
 * One committed change on the gateway for live-stream tests: toggles the availability of the
 * next of the first `size` cells of the pool (round robin), as a dispatcher's switch would.
 * `get` is read on each call: tests fill gateway, token and pool in `beforeAll`.
 */
export function availabilityToggler(get: () => { gateway: Gateway; token: string; pool: readonly Cell[] }, size: number) {
  let flip = 0;
  return async function change(): Promise<void> {
    const { gateway, token, pool } = get();
    const cell = pool[flip++ % size]!;
    const [current] = await gateway.deps.db.query<{ state: number }>('SELECT state::int AS state FROM expert_timeslots WHERE pk = $1', [cell.pk]);
    const res = await gateway.app.inject({
      method: 'PATCH',
      url: `/api/dispatch/experts/${cell.expert_id}/shifts/${cell.shift_id}/availability/`,
      payload: { state: current!.state === 0 ? 1 : 0 },
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode !== 200) throw new Error(`availability change answered ${res.statusCode}: ${res.body}`);
  };
}
