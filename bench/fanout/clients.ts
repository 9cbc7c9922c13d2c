// A child process holding N browser-like websocket clients, so their CPU is not the server's.
// mode 'bff': tRPC over websocket to the BFF's `dispatch.watch`; mode 'bare': plain messages of
// a bare `ws` broadcast server. Each client measures commit -> receipt from the cell's updated_at.
import WebSocket from 'ws';

const [mode, url, countText, date, cookie] = process.argv.slice(2) as [string, string, string, string, string];
const count = Number(countText);
const HIST_MS = 60_000;
const histogram = new Uint32Array(HIST_MS * 10);
let samples = 0;
let received = 0;
let measuring = false;
let ready = 0;
const sockets: WebSocket[] = [];
/** Per client, the newest version seen of each cell: what its screen would show. */
const seen: Map<number, number>[] = [];
const see = (i: number, pk: number, version: number) => {
  const map = seen[i]!;
  if ((map.get(pk) ?? -1) < version) map.set(pk, version);
};

function record(updatedAt: string) {
  if (!measuring) return;
  received += 1;
  const ms = Date.now() - Date.parse(updatedAt);
  histogram[Math.min(histogram.length - 1, Math.max(0, Math.round(ms * 10)))]! += 1;
  samples += 1;
}

function open(i: number): Promise<void> {
  return new Promise((resolve) => {
    seen[i] = new Map();
    const socket = new WebSocket(url, { headers: mode === 'bff' ? { cookie } : {} });
    sockets.push(socket);
    let first = true;
    socket.on('open', () => {
      if (mode === 'bff') {
        socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'dispatch.watch', input: { date } } }));
      }
    });
    socket.on('message', (data) => {
      const text = String(data);
      if (text === 'PING') {
        socket.send('PONG');
        return;
      }
      const message = JSON.parse(text);
      if (mode === 'bff') {
        const event = message?.result?.data?.data;
        if (!event) return;
        if (event.type === 'snapshot') {
          for (const cell of event.cells) see(i, cell.pk, cell.version);
          if (first) {
            first = false;
            ready += 1;
            resolve();
          }
        }
        if (event.type === 'delta') {
          for (const cell of event.cells) {
            record(cell.updated_at);
            see(i, cell.pk, cell.version);
          }
        }
      } else {
        for (const expert of message) {
          for (const shift of expert.shifts) {
            if (!first) record(shift.updated_at);
            see(i, shift.cell_pk, shift.version);
          }
        }
        if (first) {
          first = false;
          ready += 1;
          resolve();
        }
      }
    });
    socket.on('error', () => resolve());
  });
}

function quantile(q: number): number {
  let target = Math.ceil(q * samples);
  for (let i = 0; i < histogram.length; i++) {
    target -= histogram[i]!;
    if (target <= 0) return i / 10;
  }
  return Number.NaN;
}

process.on('message', async (msg: { cmd: string; final?: Record<string, number> }) => {
  if (msg.cmd === 'connect') {
    for (let i = 0; i < count; i += 100) {
      await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, k) => open(i + k)));
    }
    process.send!({ cmd: 'connected', ready });
  } else if (msg.cmd === 'measure') {
    measuring = true;
  } else if (msg.cmd === 'report') {
    measuring = false;
    // Lost: a client whose screen does not end on a cell's last committed version.
    let lost = 0;
    for (const map of seen) {
      for (const [pk, version] of Object.entries(msg.final ?? {})) if ((map.get(Number(pk)) ?? -1) < version) lost += 1;
    }
    process.send!({ cmd: 'report', lost, received, samples, p50: quantile(0.5), p99: quantile(0.99), open: sockets.filter((s) => s.readyState === WebSocket.OPEN).length });
  } else if (msg.cmd === 'close') {
    for (const s of sockets) s.terminate();
    process.exit(0);
  }
});
process.send!({ cmd: 'up' });
