import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The panel the browser benches (cold-load, clicks) drive, as deployed: the gateway with the demo
// data and the BFF serving the built web app from `webDist`, each in its own process (servers.ts).

/** The dispatch sheet, the page both benches open. */
export const SHEET_PATH = '/panel/inspection/orders/management';

/** The built web app the BFF serves: WEB_DIST, default /tmp/web-cold (`vite build --outDir` it first). */
export function webDist(): string {
  const dir = process.env.WEB_DIST ?? '/tmp/web-cold';
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`no build in ${dir}: run vite build --outDir ${dir} first`);
  return dir;
}

const servers = join(fileURLToPath(new URL('.', import.meta.url)), 'servers.ts');
// One session secret for every BFF of a run, so a browser signed in through one is signed in at all.
const env = { ...process.env, BENCH_SESSION_SECRET: randomBytes(32).toString('hex') };

function start<T>(args: string[]): Promise<{ child: ChildProcess; info: T }> {
  const child = fork(servers, args, { env, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (info) => resolve({ child, info: info as T }));
    child.once('exit', (code) => reject(new Error(`servers.ts ${args[0]} stopped (exit ${code})`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.send('close');
  });

export interface BenchPanel {
  /** The BFF's address, where the browsers go. */
  base: string;
  /** The address of the BFF serving `also`'s build, when asked for: another build against the same gateway. */
  alsoBase?: string;
  /** The date the sheet opens on (the screen's own rule over the gateway's dates). */
  date: string;
  stop(): Promise<void>;
}

/** Starts the gateway (`experts` experts) and the BFF on `port` (and another on `also.port` serving `also.webDist`); `stop` ends them all. */
export async function startPanel({ experts, webDist, port, also }: { experts: string; webDist: string; port: string; also?: { webDist: string; port: string } }): Promise<BenchPanel> {
  const gateway = await start<{ url: string; wsUrl: string; date: string }>(['gateway', experts]);
  const bffOf = (dist: string, on: string) => start<{ url: string }>(['bff', gateway.info.url, gateway.info.wsUrl, dist, on]);
  const bff = await bffOf(webDist, port);
  const other = also ? await bffOf(also.webDist, also.port) : undefined;
  return {
    base: bff.info.url,
    ...(other ? { alsoBase: other.info.url } : {}),
    date: gateway.info.date,
    stop: async () => {
      if (other) await stop(other.child);
      await stop(bff.child);
      await stop(gateway.child);
    },
  };
}
