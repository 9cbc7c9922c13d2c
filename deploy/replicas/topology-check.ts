// What both ways of starting the replicas' topology check (issue 34, decision 129): as processes
// (processes.ts) and as deploy/replicas/compose.yaml under Docker (compose-check.ts). Everything
// goes through the balancer as a browser's would, but for the first watcher, sent straight to one
// replica so that replica holds the date's lease and reads the gateway: sign in, four browsers on
// the live sheet (spread over both replicas) see a change under one id; the other replica (a
// follower of the stream) is killed; a change is made while its browsers are away; they come back
// through the balancer with their last id and get exactly that change by replay, under the same id
// as the browsers that stayed; a later change reaches every browser. Throws on any failure.
import { createRequire } from 'node:module';
import { createServer } from 'node:net';

// `ws` as the BFF has it (this folder is not a package of the workspace).
interface Socket {
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'open' | 'close' | 'error', listener: () => void): void;
  send(text: string): void;
  terminate(): void;
}
const fromBff = createRequire(new URL('../../apps/bff/package.json', import.meta.url));
const WebSocket = fromBff('ws') as new (url: string, options: { headers: Record<string, string> }) => Socket;

export interface Topology {
  /** The balancer's address, e.g. http://127.0.0.1:8080. */
  panel: string;
  /** One replica's own address: the first watcher goes there, so it holds the date's lease. */
  holder: string;
  /** HAProxy's statistics page: the check starts once the balancer has every replica up. */
  stats: string;
  /** Kills (SIGKILL) the other replica, with its browsers on it. */
  killFollower(): Promise<void> | void;
}

/** A port free on this machine now (for a server to be started on it). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Resolves once `url` answers 2xx (a server's readiness), or throws after `ms`. */
export async function ready(url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} not ready within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`failed: ${what}`);
  process.stdout.write(`ok: ${what}\n`);
}

const until = async (test: () => boolean, what: string, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

interface Cell {
  pk: number;
  expert_id: number;
  shift_id: number;
  state: number;
  inspection: unknown;
  version: number;
}

/** Whether HAProxy's statistics (its CSV) show every server of the `bff` backend up. */
async function replicasUp(stats: string): Promise<boolean> {
  const csv = await fetch(`${stats}/;csv`).then((r) => (r.ok ? r.text() : ''), () => '');
  const [header, ...rows] = csv.split('\n');
  const status = header?.replace(/^# /, '').split(',').indexOf('status') ?? -1;
  const servers = rows.map((row) => row.split(',')).filter((cells) => cells[0] === 'bff' && cells[1] !== 'BACKEND' && cells[1] !== 'FRONTEND');
  return status >= 0 && servers.length >= 2 && servers.every((cells) => cells[status]?.startsWith('UP'));
}

export async function checkTopology({ panel, holder, stats, killFollower }: Topology): Promise<void> {
  // A replica that answered its first health check before it listened is down until it rises.
  const deadline = Date.now() + 60_000;
  while (!(await replicasUp(stats))) {
    if (Date.now() > deadline) throw new Error('timed out: the balancer has both replicas up');
    await new Promise((r) => setTimeout(r, 250));
  }
  check(true, 'the balancer has both replicas up');
  // Signed in through the balancer, as the browser's form does.
  const signIn = await fetch(`${panel}/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-panel-request': '1' },
    body: JSON.stringify({ username: 'staff', password: 'staff1234' }),
  });
  check(signIn.ok, 'sign-in through the balancer');
  const cookie = signIn.headers.getSetCookie().map((line) => line.split(';', 1)[0]!).filter((pair) => !pair.endsWith('=')).join('; ');
  const headers = { cookie, 'content-type': 'application/json', 'x-panel-request': '1' };
  /** A procedure of the typed API through the balancer, as the web app calls it. */
  const call = async <T>(procedure: string, input: unknown, method: 'GET' | 'POST' = 'GET'): Promise<T> => {
    const response =
      method === 'GET'
        ? await fetch(`${panel}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers })
        : await fetch(`${panel}/trpc/${procedure}`, { method, headers, body: JSON.stringify(input) });
    if (!response.ok) throw new Error(`${procedure} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { result: { data: T } }).result.data;
  };
  const dates = await call<{ type: string; date: string }[]>('dispatch.dates', undefined);
  const date = dates.find((d) => d.type === 'tommorrow')!.date;
  const cellsOf = () => call<Cell[]>('dispatch.cells', { date });
  const free = (await cellsOf()).find((c) => c.state === 0 && !c.inspection)!;
  let toggles = 0;
  /** One committed change of the date (a free cell's availability, back and forth), as a dispatcher's click makes it. */
  const change = async () => {
    const { version } = (await cellsOf()).find((c) => c.pk === free.pk)!;
    await call('dispatch.updateAvailability', { expertId: free.expert_id, shiftId: free.shift_id, state: ++toggles % 2, version }, 'POST');
  };

  /** A browser on the live sheet: tRPC's websocket frames, its last id, whether its socket closed. */
  const browser = (lastEventId?: string, site = panel) => {
    const events: { id: string; type: string }[] = [];
    const state = { events, closed: false, socket: undefined as unknown as Socket, last: lastEventId };
    let attempts = 0;
    const connect = () => {
      const socket = new WebSocket(`${site.replace(/^http/, 'ws')}/trpc`, { headers: { cookie, origin: site } });
      state.socket = socket;
      let opened = false;
      socket.on('error', () => {
        // Refused before it opened (the balancer had not yet seen the replica die): again, as the web's live link does.
        if (!opened && attempts++ < 20) setTimeout(connect, 200);
      });
      socket.on('open', () => {
        opened = true;
        socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'dispatch.watch', input: lastEventId ? { date, lastEventId } : { date } } }));
      });
      socket.on('message', (data) => {
        const text = String(data);
        if (text === 'PING') return socket.send('PONG');
        const message = JSON.parse(text) as { result?: { type?: string; id?: string; data?: { data?: { type?: string } } } };
        const id = message.result?.id;
        const type = message.result?.data?.data?.type;
        if (id && type) {
          events.push({ id, type });
          state.last = id;
        }
      });
      socket.on('close', () => {
        if (opened) state.closed = true;
      });
    };
    connect();
    return state;
  };

  // The first watcher straight on the holder, so it holds the date's lease and reads the gateway;
  // the replica killed below is then one that only follows the stream (a holder's death costs a
  // snapshot after its lease runs out: live-share.test.ts).
  const first = browser(undefined, holder);
  await until(() => first.events.some((e) => e.type === 'snapshot'), 'the first watcher on the holder');
  const browsers = [0, 1, 2, 3].map(() => browser());
  await until(() => browsers.every((b) => b.events.some((e) => e.type === 'snapshot')), 'four snapshots');
  await change();
  await until(() => browsers.every((b) => b.events.some((e) => e.type === 'delta')), 'the change on every browser');
  const ids = new Set(browsers.map((b) => b.events.find((e) => e.type === 'delta')!.id));
  check(ids.size === 1 && /^\d+:\d+$/.test([...ids][0]!), `one id for the change on both replicas (${[...ids][0]})`);

  // One replica dies with its browsers on it.
  await killFollower();
  await until(() => browsers.some((b) => b.closed), "the killed replica's browsers see their socket close");
  const away = browsers.filter((b) => b.closed);
  const stayed = browsers.filter((b) => !b.closed);
  check(away.length > 0 && stayed.length > 0, `browsers on both replicas (${stayed.length} stayed, ${away.length} on the killed one)`);
  await change();
  await until(() => stayed.every((b) => b.events.filter((e) => e.type === 'delta').length === 2), 'the change made while they were away, on the browsers that stayed');
  const missedId = stayed[0]!.events.filter((e) => e.type === 'delta')[1]!.id;
  const back = away.map((b) => browser(b.last));
  await until(() => back.every((b) => b.events.length > 0), 'the browsers back through the balancer get an event');
  check(
    back.every((b) => b.events[0]!.type === 'delta' && b.events[0]!.id === missedId),
    `the browsers back get exactly the missed change, by replay, with its id (${back.map((b) => b.events.map((e) => `${e.type} ${e.id}`).join(', ')).join(' | ')})`,
  );
  await change();
  await until(() => [...stayed, ...back].every((b) => b.events.some((e) => e.type === 'delta' && e.id !== missedId && e.id > missedId)), 'a later change on every browser');
  for (const b of [first, ...browsers, ...back]) b.socket.terminate();
}
