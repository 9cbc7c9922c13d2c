import type { Cell, Expert } from '@panel/contracts/dispatch';
import { SHIFTS, generateCell, generateCells, generateExperts, randomInt } from './data';

/**
 * What a page under test offers the benchmark. The grid page (the real DispatchGrid) and the
 * baseline page (the same rows written with plain DOM calls) both implement it, so both are
 * loaded, updated and scrolled by exactly the same code below.
 */
export interface BenchTarget {
  /** Shows the sheet; returns once the DOM holds it. */
  show(experts: Expert[], cells: Cell[]): void;
  /** Live deltas, as the screen receives them (coalesced per frame by the target). */
  applyDelta(cells: Cell[]): void;
  /** Called once per committed batch of deltas, before the frame that shows it is painted. */
  onCommit(listener: () => void): () => void;
  scrollElement(): HTMLElement;
}

/** Resolves after the next paint: a task queued from a frame callback runs once the frame is shown. */
const afterPaint = () => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));

/** Intervals between `count` animation frames while `onFrame` runs in each. */
function frameIntervals(count: number, onFrame: () => void = () => {}): Promise<number[]> {
  return new Promise((resolve) => {
    const frames: number[] = [];
    let last = 0;
    const step = (now: number) => {
      if (last) frames.push(now - last);
      last = now;
      onFrame();
      if (frames.length < count) requestAnimationFrame(step);
      else resolve(frames);
    };
    // The first frame only starts the clock, so no interval includes the call itself.
    requestAnimationFrame(() => requestAnimationFrame(step));
  });
}

export function createBench(target: BenchTarget) {
  const longTasks: number[] = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
  let experts: Expert[] = [];
  const mounted = () => document.querySelectorAll('[role="gridcell"]').length;

  return {
    /** The frame cadence of this browser when the page has nothing to do. */
    idle(frames: number) {
      return frameIntervals(frames);
    },

    async load(n: number) {
      experts = generateExperts(n);
      const cells = generateCells(experts);
      await afterPaint();
      // Marks for a profile of the measured window (a trace's blink.user_timing).
      performance.mark('bench:show');
      const t0 = performance.now();
      target.show(experts, cells);
      const t1 = await afterPaint();
      performance.mark('bench:painted');
      return { first_paint_ms: t1 - t0, cells_mounted: mounted() };
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
      const off = target.onCommit(() => {
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
            target.applyDelta([generateCell(e.pk, s.pk)]);
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
      target.applyDelta(cells);
      const t1 = await afterPaint();
      return { burst_ms: t1 - t0 };
    },

    /** Moves the scroll position by `pxPerFrame` in each of `count` frames. */
    async scroll(count: number, pxPerFrame: number) {
      const el = target.scrollElement();
      const first = longTasks.length;
      const frames = await frameIntervals(count, () => {
        el.scrollTop += pxPerFrame;
      });
      return { frames, mounted: mounted(), long_tasks: longTasks.slice(first) };
    },

    /** Back to the top, and a frame for it, so a second scroll starts where the first did. */
    async rewind() {
      target.scrollElement().scrollTop = 0;
      await afterPaint();
      await afterPaint();
    },
  };
}

export type Bench = ReturnType<typeof createBench>;
