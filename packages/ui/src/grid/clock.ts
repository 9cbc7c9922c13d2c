import { useSyncExternalStore } from 'react';

// One interval for every component that shows a running time, started only while one is
// mounted: a sheet with a hundred countdowns must not run a hundred timers.
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
let now = Date.now();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of [...listeners]) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const read = () => now;

/** The current time in ms, updated once a second while any component reads it. */
export function useSecondClock(): number {
  return useSyncExternalStore(subscribe, read, read);
}
