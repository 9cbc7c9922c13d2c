// A child process holding a share of the browser-like websocket clients, so their CPU is not the
// server's (the benchmark forks several of these). mode 'bff': tRPC over websocket to the BFF's
// `dispatch.watch`; mode 'bare': the plain messages of the bare `ws` broadcast server; mode
// 'upstream': one socket straight on the gateway's `/ws/dispatch` (commit -> the servers' door). All modes
// read their messages with the same code: each client measures commit -> receipt from every
// cell's updated_at and keeps the newest version it saw of every cell (what its screen shows).
// Replicas mode (issue 34): with a fallback URL, a 'bff' client whose replica dies reconnects
// there with its last event id, as the web's live link does, and times how long it took.
import WebSocket from 'ws';

const [mode, url, countText, date, headersJson, fallbackUrl] = process.argv.slice(2) as [string, string, string, string, string, string | undefined];
/** What each socket sends on its upgrade: the session cookie and Origin (BFF), the Bearer token (gateway). */
const headers = JSON.parse(headersJson) as Record<string, string>;
const count = Number(countText);
const HIST_MS = 60_000;
const histogram = new Uint32Array(HIST_MS * 10);
/** Messages checked against a full JSON.parse before the scanner is trusted (per process). */
const VERIFY_FIRST = 300;
let verified = 0;
let samples = 0;
let received = 0;
let messages = 0;
let bytes = 0;
let measuring = false;
let ready = 0;
/** This process's CPU from the start of measuring: the clients share the machine with the server. */
let cpuAtStart: NodeJS.CpuUsage | undefined;
const sockets: WebSocket[] = [];
/** Per client, the id of the last tracked event it got (what it resumes from). */
const lastIds: (string | undefined)[] = [];
/** The storm: when the parent killed the replica, and per moved client when it had its first event back. */
let stormAt: number | undefined;
const moved: { closedAt: number; openedAt?: number; backAt?: number; kind?: 'replay' | 'snapshot' }[] = [];
let closing = false;
/**
 * Per client, the newest version seen of each cell, keyed by expert and shift (one key for both
 * modes; a number, not a string built per cell: 2,000 clients' bookkeeping shares the server's cores).
 */
const seen: Map<number, number>[] = [];
const cellKey = (expertId: number, shiftId: number) => expertId * 1_000_000 + shiftId;

// The messages are read as Latin-1 (one byte, one character: no UTF-8 decoding; every key and
// value read here is ASCII), with the string search of the engine: 2,000 clients' bookkeeping runs
// on the same 2 cores as the server it measures, so it is kept as light as it can be.
const KEYS = { expert: '"expert_id":', shift: '"shift_id":', version: '"version":', updated: '"updated_at":"' };
const SNAPSHOT = '"type":"snapshot"';

/** The k-th occurrence of each key belongs to the k-th cell: every cell has each key exactly once. */
function numbersAfter(text: string, key: string): number[] {
  const out: number[] = [];
  let at = text.indexOf(key);
  while (at !== -1) {
    let i = at + key.length;
    let n = 0;
    for (let c = text.charCodeAt(i); c >= 48 && c <= 57; c = text.charCodeAt(++i)) n = n * 10 + (c - 48);
    out.push(n);
    at = text.indexOf(key, i);
  }
  return out;
}

const digits = (text: string, at: number, length: number) => {
  let n = 0;
  for (let i = at; i < at + length; i++) n = n * 10 + (text.charCodeAt(i) - 48);
  return n;
};
/** `updated_at` as epoch ms: the gateway writes `toISOString()`, `YYYY-MM-DDTHH:MM:SS.mmmZ`. */
function timesAfter(text: string, key: string): number[] {
  const out: number[] = [];
  let at = text.indexOf(key);
  while (at !== -1) {
    const i = at + key.length;
    if (text.charCodeAt(i + 23) !== 90 /* Z */) throw new Error(`unexpected updated_at ${text.slice(i, i + 32)}`);
    out.push(Date.UTC(digits(text, i, 4), digits(text, i + 5, 2) - 1, digits(text, i + 8, 2), digits(text, i + 11, 2), digits(text, i + 14, 2), digits(text, i + 17, 2), digits(text, i + 20, 3)));
    at = text.indexOf(key, i + 24);
  }
  return out;
}

interface Scanned {
  experts: number[];
  shifts: number[];
  versions: number[];
  updated: number[];
}
/**
 * The cells of a message without a full JSON.parse: 2,000 clients parsing every message was the
 * harness's own bottleneck. Keys searched are unique per cell in both the BFF's cells and the
 * gateway's live shifts (`updated_at` is not inside `inspection` or `hold`).
 */
function scan(text: string): Scanned {
  return {
    experts: numbersAfter(text, KEYS.expert),
    shifts: numbersAfter(text, KEYS.shift),
    versions: numbersAfter(text, KEYS.version),
    updated: timesAfter(text, KEYS.updated),
  };
}

/** The same cells by a full parse, to check the scanner on the first messages. */
function parseFully(text: string): Scanned {
  const out: Scanned = { experts: [], shifts: [], versions: [], updated: [] };
  const message = JSON.parse(text);
  const cells: { expert_id: number; shift_id: number; version: number; updated_at: string }[] =
    mode === 'bff' ? (message?.result?.data?.data?.cells ?? []) : (message as { shifts: never[] }[]).flatMap((e) => e.shifts);
  for (const c of cells) {
    out.experts.push(c.expert_id);
    out.shifts.push(c.shift_id);
    out.versions.push(c.version);
    out.updated.push(Date.parse(c.updated_at));
  }
  return out;
}

const now = () => performance.timeOrigin + performance.now();

const ID_KEY = '"id":"';
/** The tracked id at the end of a tRPC frame (`…,"id":"<epoch>:<offset>"}}`). */
function trackedId(text: string): string | undefined {
  const at = text.lastIndexOf(ID_KEY);
  if (at === -1) return undefined;
  const end = text.indexOf('"', at + ID_KEY.length);
  return end === -1 ? undefined : text.slice(at + ID_KEY.length, end);
}

function open(i: number, target = url, resume?: { lastEventId?: string; entry: (typeof moved)[number]; attempts?: number }): Promise<void> {
  return new Promise((resolve) => {
    const map = seen[i] ?? new Map<number, number>();
    seen[i] = map;
    // A browser sends its page's origin: the replica it reaches is its page's server.
    const upgrade = headers.origin ? { ...headers, origin: new URL(target.replace(/^ws/, 'http')).origin } : headers;
    const socket = new WebSocket(target, { headers: upgrade, perMessageDeflate: false });
    sockets[i] = socket;
    let first = true;
    socket.on('open', () => {
      // The storm: the handshake with the other replica is done (its first event comes after).
      if (resume && !resume.entry.backAt) resume.entry.openedAt = now();
      if (mode === 'bff') {
        const input = resume?.lastEventId ? { date, lastEventId: resume.lastEventId } : { date };
        socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'dispatch.watch', input } }));
      }
      if (mode === 'upstream') socket.send(JSON.stringify({ type: 'init', data: date }));
    });
    socket.on('message', (data: Buffer) => {
      const at = now();
      const text = data.toString('latin1');
      if (text === 'PING') {
        socket.send('PONG');
        return;
      }
      if (measuring) {
        messages += 1;
        bytes += data.length;
      }
      const cells = scan(text);
      if (verified < VERIFY_FIRST) {
        verified += 1;
        const full = parseFully(data.toString('utf8'));
        if (JSON.stringify(full) !== JSON.stringify(cells)) {
          console.error('scanner disagrees with JSON.parse on', data.toString('utf8', 0, 300));
          process.exit(2);
        }
      }
      // The first message with cells is the snapshot (bff: type snapshot; bare: the whole date).
      // (tRPC's envelope puts the event's type within the first bytes of the frame.)
      const isSnapshot = mode === 'bff' ? text.lastIndexOf(SNAPSHOT, 160) !== -1 : first;
      if (mode === 'bff') {
        const id = trackedId(text);
        if (id) lastIds[i] = id;
        if (resume && !resume.entry.backAt && cells.versions.length > 0) {
          resume.entry.backAt = at;
          resume.entry.kind = isSnapshot ? 'snapshot' : 'replay';
        }
      }
      for (let k = 0; k < cells.versions.length; k++) {
        const key = cellKey(cells.experts[k]!, cells.shifts[k]!);
        if (!isSnapshot && measuring) {
          received += 1;
          const ms = at - cells.updated[k]!;
          histogram[Math.min(histogram.length - 1, Math.max(0, Math.round(ms * 10)))]! += 1;
          samples += 1;
        }
        if ((map.get(key) ?? -1) < cells.versions[k]!) map.set(key, cells.versions[k]!);
      }
      if (first && isSnapshot) {
        first = false;
        ready += 1;
        resolve();
      }
    });
    socket.on('error', () => resolve());
    socket.on('close', () => {
      if (closing || stormAt === undefined || !fallbackUrl) return;
      if (resume) {
        // A reconnect refused or cut before its first event: again after a second or so, as the
        // web's live link retries (jittered, so a storm does not come back in step).
        if (!resume.entry.backAt && (resume.attempts ?? 0) < 30) {
          setTimeout(() => void open(i, fallbackUrl, { ...resume, attempts: (resume.attempts ?? 0) + 1 }), 500 + Math.random() * 1000);
        }
        return;
      }
      // Its replica died: back on the other one with the last id (resume is exact or a snapshot).
      const entry = { closedAt: now() };
      moved.push(entry);
      void open(i, fallbackUrl, { lastEventId: lastIds[i], entry });
    });
  });
}

process.on('message', async (msg: { cmd: string; batch?: number; final?: Record<string, number>; at?: number }) => {
  if (msg.cmd === 'connect') {
    // `batch` more clients (all that are left when absent), 100 handshakes at a time.
    const until = Math.min(count, sockets.length + (msg.batch ?? count));
    while (sockets.length < until) {
      const from = sockets.length;
      await Promise.all(Array.from({ length: Math.min(100, until - from) }, (_, k) => open(from + k)));
    }
    process.send!({ cmd: 'connected', ready });
  } else if (msg.cmd === 'storm') {
    stormAt = msg.at;
  } else if (msg.cmd === 'storm-report') {
    const back = moved.filter((m) => m.backAt !== undefined);
    process.send!({
      cmd: 'storm-report',
      moved: moved.length,
      back: back.length,
      replays: back.filter((m) => m.kind === 'replay').length,
      snapshots: back.filter((m) => m.kind === 'snapshot').length,
      // From the kill until each moved client had its first event from the other replica.
      since_kill_ms: back.map((m) => m.backAt! - (stormAt ?? m.closedAt)),
      // The same browsers: from the kill until their socket on the other replica was open, and
      // from then until their first event.
      closed_since_kill_ms: back.map((m) => m.closedAt - (stormAt ?? m.closedAt)),
      opened_since_kill_ms: back.map((m) => (m.openedAt ?? m.backAt!) - (stormAt ?? m.closedAt)),
      first_event_after_open_ms: back.map((m) => m.backAt! - (m.openedAt ?? m.backAt!)),
    });
  } else if (msg.cmd === 'measure') {
    measuring = true;
    cpuAtStart = process.cpuUsage();
  } else if (msg.cmd === 'report') {
    measuring = false;
    // Lost: a client whose screen does not end on a cell's last committed version.
    let lost = 0;
    for (const map of seen) {
      for (const [key, version] of Object.entries(msg.final ?? {})) {
        const [expertId, shiftId] = key.split(':').map(Number) as [number, number];
        if ((map.get(cellKey(expertId, shiftId)) ?? -1) < version) lost += 1;
      }
    }
    // The histogram goes back sparse; the parent merges the processes' histograms.
    const buckets: [number, number][] = [];
    for (let i = 0; i < histogram.length; i++) if (histogram[i]) buckets.push([i, histogram[i]!]);
    const cpu = process.cpuUsage(cpuAtStart);
    process.send!({ cmd: 'report', cpu_us: cpu.user + cpu.system, lost, received, samples, messages, bytes, buckets, open: sockets.filter((s) => s.readyState === WebSocket.OPEN).length });
  } else if (msg.cmd === 'close') {
    closing = true;
    for (const s of sockets) s.terminate();
    process.exit(0);
  }
});
process.send!({ cmd: 'up' });
