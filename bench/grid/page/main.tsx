import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { UiProvider, type GridPosition } from '@panel/ui';
import type { Expert } from '@panel/contracts/dispatch';
import { DispatchGrid } from '../../../apps/web/src/modules/dispatch/components/dispatch-grid';
import { applyDelta, applySnapshot, createCellStore } from '../../../apps/web/src/modules/dispatch/state/cell-store';
import { SHIFTS, generateCell, generateCells, generateExperts, randomInt } from './data';

// The page the benchmark drives: the real DispatchGrid and the real cell store, fed directly.

const store = createCellStore();
let setExperts: (e: Expert[]) => void = () => {};
let experts: Expert[] = [];

function Harness() {
  const [list, setList] = useState<Expert[]>([]);
  const [active, setActive] = useState<GridPosition | null>(null);
  setExperts = setList;
  return (
    <DispatchGrid
      experts={list}
      shifts={SHIFTS}
      store={store}
      active={active}
      onActiveChange={setActive}
      onOpenCell={() => {}}
      height="100vh"
    />
  );
}

/** Resolves after the next paint: a task queued from a frame callback runs once the frame is shown. */
const afterPaint = () => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));

const longTasks: number[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) longTasks.push(e.duration);
}).observe({ type: 'longtask', buffered: true });

const grid = () => document.querySelector('[role="grid"]') as HTMLElement;

const bench = {
  async load(n: number) {
    experts = generateExperts(n);
    const cells = generateCells(experts);
    await afterPaint();
    const t0 = performance.now();
    applySnapshot(store, cells);
    flushSync(() => setExperts(experts));
    const t1 = await afterPaint();
    return { first_paint_ms: t1 - t0, cells_mounted: document.querySelectorAll('[role="gridcell"]').length };
  },

  /** `rate` updates a second for `seconds`: half on visible rows, half anywhere. */
  async stream(rate: number, seconds: number) {
    const latencies: number[] = [];
    const flushDurations: number[] = [];
    const first = longTasks.length;
    const visibleRows = () => {
      const rows = [...document.querySelectorAll('[role="row"][aria-rowindex]')]
        .map((r) => Number(r.getAttribute('aria-rowindex')) - 2)
        .filter((i) => i >= 0);
      return rows.length ? rows : [0];
    };
    let pending: number[] = [];
    const off = store.subscribeAll(() => {
      const start = performance.now();
      const batch = pending;
      pending = [];
      queueMicrotask(() => flushDurations.push(performance.now() - start));
      setTimeout(() => {
        const painted = performance.now();
        for (const t of batch) latencies.push(painted - t);
      }, 0);
    });
    await new Promise<void>((resolve) => {
      const endAt = performance.now() + seconds * 1000;
      let sent = 0;
      const started = performance.now();
      const tick = () => {
        const now = performance.now();
        const due = Math.floor(((now - started) / 1000) * rate) - sent;
        const rows = visibleRows();
        for (let i = 0; i < due; i++) {
          const row = i % 2 === 0 ? rows[randomInt(rows.length)]! : randomInt(experts.length);
          const e = experts[row]!;
          const s = SHIFTS[randomInt(SHIFTS.length)]!;
          pending.push(performance.now());
          applyDelta(store, [generateCell(e.pk, s.pk)]);
        }
        sent += Math.max(0, due);
        if (now >= endAt) resolve();
        else setTimeout(tick, 10);
      };
      tick();
    });
    await afterPaint();
    off();
    return {
      latencies,
      long_tasks: longTasks.slice(first),
      longest_flush_ms: Math.max(0, ...flushDurations),
    };
  },

  async burst(n: number) {
    await afterPaint();
    const t0 = performance.now();
    const cells = [];
    for (let i = 0; i < n; i++) {
      const e = experts[randomInt(experts.length)]!;
      const s = SHIFTS[randomInt(SHIFTS.length)]!;
      cells.push(generateCell(e.pk, s.pk));
    }
    applyDelta(store, cells);
    const t1 = await afterPaint();
    return { burst_ms: t1 - t0 };
  },

  async scroll(seconds: number, pxPerFrame: number) {
    const el = grid();
    const frames: number[] = [];
    await new Promise<void>((resolve) => {
      let last = performance.now();
      const endAt = last + seconds * 1000;
      const step = (now: number) => {
        frames.push(now - last);
        last = now;
        el.scrollTop += pxPerFrame;
        if (now < endAt) requestAnimationFrame(step);
        else resolve();
      };
      requestAnimationFrame((now) => {
        last = now;
        requestAnimationFrame(step);
      });
    });
    return { frames, mounted: document.querySelectorAll('[role="gridcell"]').length };
  },
};

(window as unknown as { bench: typeof bench }).bench = bench;

createRoot(document.getElementById('root')!).render(
  <UiProvider>
    <Harness />
  </UiProvider>,
);
