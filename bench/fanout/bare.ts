// The baseline server of bench/fanout: a bare `ws` broadcast on one upstream connection. To
// compare like with like it sends what the hub sends: the changes of one FLUSH_MS window merged by
// cell (the upstream's own message shape), serialized once and written to every client as is.
import WebSocket, { WebSocketServer } from 'ws';
import { FLUSH_MS } from '@panel/bff/bench';

export async function startBare(port: number, upstreamUrl: string, headers: Record<string, string>, date: string) {
  const bare = new WebSocketServer({ host: '127.0.0.1', port });
  const upstream = new WebSocket(upstreamUrl, { headers });
  let snapshot = '';
  const pending = new Map<number, { expert: number; shift: object }>();
  let flushTimer: NodeJS.Timeout | undefined;
  const fanouts: number[] = [];
  const flush = () => {
    flushTimer = undefined;
    const experts = new Map<number, object[]>();
    for (const { expert, shift } of pending.values()) {
      const shifts = experts.get(expert) ?? [];
      shifts.push(shift);
      experts.set(expert, shifts);
    }
    pending.clear();
    const text = JSON.stringify([...experts].map(([pk, shifts]) => ({ pk, shifts })));
    const started = performance.now();
    for (const client of bare.clients) client.send(text);
    fanouts.push(performance.now() - started);
  };
  upstream.on('open', () => upstream.send(JSON.stringify({ type: 'init', data: date })));
  upstream.on('message', (data) => {
    const text = String(data);
    if (!snapshot) {
      snapshot = text;
      return;
    }
    for (const expert of JSON.parse(text) as { pk: number; shifts: { cell_pk: number }[] }[]) {
      for (const shift of expert.shifts) pending.set(shift.cell_pk, { expert: expert.pk, shift });
    }
    flushTimer ??= setTimeout(flush, FLUSH_MS);
  });
  bare.on('connection', (socket) => socket.send(snapshot));
  while (!snapshot) await new Promise((r) => setTimeout(r, 20));
  return {
    fanouts,
    close() {
      upstream.close();
      bare.close();
    },
  };
}
