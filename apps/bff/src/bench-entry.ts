// What the fan-out benchmark (bench/fanout) measures beside the app: the live hub and its flush interval.
// Benchmarks reach the app only through entry points like this one (lint enforces it).
export { FLUSH_MS } from './live/live-hub';
export { dispatchHub } from './modules/dispatch/dispatch.live';
