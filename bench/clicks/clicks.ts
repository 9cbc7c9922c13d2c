import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page, type Response } from 'playwright-core';
import { signInThroughBff } from '../lib/panel';
import { SHEET_PATH, startPanel, webDist } from '../cold-load/panel';
import { percentile, recordResults } from '../lib/results';

// bench/clicks (issue 36): a dispatcher's own clicks on the real sheet, with a second dispatcher's
// browser watching the same cells. Two signed-in browsers (staff, staff2) at 1920x1080 on the
// sheet; each round the first opens a free cell's drawer, reserves it, then releases it, and the
// bench times, on the one clock of this machine (probe.js):
//   - drawer: the click on the cell until «رزرو موقت» is actionable (enabled, still, on top);
//   - own cell / own drawer: the click on the button until the clicked browser's grid cell and
//     drawer show the change;
//   - other: the commit (the cell's `updated_at` in the answer) until the second browser shows it;
//   - baseline: the commit itself, after the click, and the answer's arrival in the first browser.
// Build the web first into WEB_DIST (default /tmp/web-cold):
//   cd apps/web && pnpm exec vite build --outDir /tmp/web-cold --emptyOutDir
//   pnpm --filter @panel/bench exec tsx clicks/clicks.ts        (BENCH_PHASE=before|after; BENCH_ROUNDS, default 15)

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = join(here, '..', '..');
const WEB_DIST = webDist();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const PORT = process.env.BENCH_CLICKS_PORT ?? '4771';
const PHASE = process.env.BENCH_PHASE ?? 'after';

// The page's probe (probe.js), as the bench's own types see it: its tsconfig has no DOM library.
interface Probe {
  lastClick: number;
  marks: Record<string, number | undefined>;
  watch(name: string, test: () => boolean): void;
  cell(expertId: number, column: number): { textContent: string | null } | undefined;
  actionable(label: string): boolean;
}
// …and the page's document, as far as the bench reads it.
interface Element {
  textContent: string | null;
  classList: { contains(name: string): boolean };
  getAttribute(name: string): string | null;
  querySelector(selector: string): Element | null;
  querySelectorAll(selector: string): Element[];
}
declare const document: Element;

interface Spot {
  expert: number;
  column: number;
}

const loadBefore = loadavg();
const panel = await startPanel({ experts: process.env.BENCH_EXPERTS ?? '300', webDist: WEB_DIST, port: PORT });
const base = panel.base;
const cookiesOf = async (username: string) =>
  (await signInThroughBff(base, username, 'staff1234')).split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
  });

const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FLAGS });

async function openSheet(username: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
  await context.addCookies(await cookiesOf(username));
  await context.addInitScript({ path: join(here, 'probe.js') });
  const page = await context.newPage();
  await page.goto(`${base}${SHEET_PATH}?date=${panel.date}`);
  await page.locator('[data-testid="connection"][data-status="live"]').waitFor({ timeout: 60_000 });
  await page.locator('.dc:not(.dc-none)').first().waitFor({ timeout: 60_000 });
  return page;
}

/** Free cells drawn in the first browser's grid (an available slot, no order, no hold). */
const freeSpots = (page: Page) =>
  page.evaluate(() => {
    const spots: { expert: number; column: number }[] = [];
    for (const row of document.querySelectorAll('[role="grid"] [role="row"][data-key]')) {
      [...row.querySelectorAll('[role="gridcell"]')].forEach((cell, column) => {
        const content = cell.querySelector('.dc');
        if (content?.classList.contains('dc-available') && content.getAttribute('data-clickable') === 'true') {
          spots.push({ expert: Number(row.getAttribute('data-key')), column });
        }
      });
    }
    return spots;
  });

const cellLocator = (page: Page, spot: Spot) => page.locator(`[role="grid"] [role="row"][data-key="${spot.expert}"] [role="gridcell"]`).nth(spot.column);
const drawerButton = (page: Page, name: string) => page.getByTestId('cell-drawer').getByRole('button', { name, exact: true });
const mark = async (page: Page, name: string) => {
  await page.waitForFunction((n) => (globalThis as unknown as { __clicks: Probe }).__clicks.marks[n] !== undefined, name, { timeout: 15_000, polling: 20 });
  return page.evaluate((n) => (globalThis as unknown as { __clicks: Probe }).__clicks.marks[n]!, name);
};
/** When the answer arrived (epoch ms) and the commit it reports (the cell's `updated_at`). */
async function answerOf(response: Response) {
  const body = await response.text();
  const updated = /"updated_at":"([^"]+)"/.exec(body)?.[1];
  if (!response.ok() || !updated) throw new Error(`the mutation answered ${response.status()}: ${body.slice(0, 300)}`);
  const timing = response.request().timing();
  return { answeredAt: timing.startTime + timing.responseEnd, committedAt: new Date(updated).getTime() };
}

interface Action {
  answer_after_click: number;
  commit_after_click: number;
  own_cell_after_click: number;
  own_drawer_after_click: number;
  other_after_commit: number;
  other_after_click: number;
}

/** One button press in the first browser, timed in both: `shows` tells the changed cell's text. */
async function press(a: Page, b: Page, spot: Spot, button: string, procedure: string, nextButton: string, held: boolean): Promise<Action> {
  const arm = (page: Page, name: string) =>
    page.evaluate(
      ({ name, spot, held }) => {
        const probe = (globalThis as unknown as { __clicks: Probe }).__clicks;
        probe.watch(name, () => (probe.cell(spot.expert, spot.column)?.textContent?.includes('رزرو موقت') ?? false) === held);
      },
      { name, spot, held },
    );
  await arm(a, 'own_cell');
  await arm(b, 'other_cell');
  await a.evaluate((label) => {
    const probe = (globalThis as unknown as { __clicks: Probe }).__clicks;
    probe.watch('own_drawer', () => [...document.querySelectorAll('[data-testid="cell-drawer"] button')].some((el) => el.textContent?.trim() === label));
  }, nextButton);
  const answered = a.waitForResponse((r) => r.url().includes(`/trpc/${procedure}`));
  await drawerButton(a, button).click();
  const click = await a.evaluate(() => (globalThis as unknown as { __clicks: Probe }).__clicks.lastClick);
  const { answeredAt, committedAt } = await answerOf(await answered);
  const [ownCell, ownDrawer, other] = [await mark(a, 'own_cell'), await mark(a, 'own_drawer'), await mark(b, 'other_cell')];
  const r = (n: number) => Math.round(n * 10) / 10;
  return {
    answer_after_click: r(answeredAt - click),
    commit_after_click: r(committedAt - click),
    own_cell_after_click: r(ownCell - click),
    own_drawer_after_click: r(ownDrawer - click),
    other_after_commit: r(other - committedAt),
    other_after_click: r(other - click),
  };
}

const rounds: { drawer_actionable_after_click: number; reserve: Action; release: Action }[] = [];
const loads: number[][] = [];
try {
  const a = await openSheet('staff');
  const b = await openSheet('staff2');
  const spots = (await freeSpots(a)).filter((_, n) => n % 3 === 0);
  if (spots.length < ROUNDS + 1) throw new Error(`only ${spots.length} free cells drawn; the bench needs ${ROUNDS + 1}`);
  // The first round warms both browsers (the drawer's chunk, the first mutation) and is not kept.
  for (let n = 0; n <= ROUNDS; n++) {
    const spot = spots[n]!;
    loads.push(loadavg().map((l) => Math.round(l * 100) / 100));
    await a.evaluate(() => {
      const probe = (globalThis as unknown as { __clicks: Probe }).__clicks;
      probe.watch('drawer', () => probe.actionable('رزرو موقت'));
    });
    await cellLocator(a, spot).click();
    const click = await a.evaluate(() => (globalThis as unknown as { __clicks: Probe }).__clicks.lastClick);
    const drawer = (await mark(a, 'drawer')) - click;
    const reserve = await press(a, b, spot, 'رزرو موقت', 'dispatch.tempReserve', 'لغو رزرو', true);
    const release = await press(a, b, spot, 'لغو رزرو', 'dispatch.cancelReserve', 'رزرو موقت', false);
    await a.keyboard.press('Escape');
    await a.getByTestId('cell-drawer').waitFor({ state: 'hidden' });
    if (n === 0) continue;
    rounds.push({ drawer_actionable_after_click: Math.round(drawer * 10) / 10, reserve, release });
    console.log(`round ${n}: drawer ${rounds.at(-1)!.drawer_actionable_after_click} ms; reserve own ${reserve.own_cell_after_click}, other after commit ${reserve.other_after_commit}; release own ${release.own_cell_after_click}, other after commit ${release.other_after_commit}`);
  }
} finally {
  await browser.close();
  await panel.stop();
}

const stats = (values: number[]) => ({ p50: percentile(values, 50), p90: percentile(values, 90), max: percentile(values, 100) });
const summary = (action: 'reserve' | 'release') =>
  Object.fromEntries((Object.keys(rounds[0]![action]) as (keyof Action)[]).map((key) => [key, stats(rounds.map((r) => r[action][key]))]));
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();
const dirty = execFileSync('git', ['status', '--porcelain', '--', 'apps/web', 'packages/ui', 'apps/bff/src'], { cwd: repo, encoding: 'utf8' }).trim() !== '';
const figures = {
  commit: process.env.BENCH_COMMIT ?? (dirty ? `${commit} (with uncommitted changes in apps/web, packages/ui or the BFF)` : commit),
  rounds: ROUNDS,
  date: panel.date,
  load_average_before: loadBefore.map((l) => Math.round(l * 100) / 100),
  load_average_per_round: loads,
  summary: {
    drawer_actionable_after_click: stats(rounds.map((r) => r.drawer_actionable_after_click)),
    reserve: summary('reserve'),
    release: summary('release'),
  },
  each_round: rounds,
};
console.log(JSON.stringify(figures.summary, null, 2));
const path = join(repo, 'bench', 'results', 'clicks.json');
const previous = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {};
const { benchmark: _b, measured_at: _m, machine: _mc, ...kept } = previous;
recordResults('clicks', { ...kept, [PHASE]: { measured_at: new Date().toISOString(), ...figures } });
