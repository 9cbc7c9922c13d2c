// For tests of the servers' operations (decision 121).
export { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';

/**
 * The value of one sample in Prometheus text: `name{a="x",b="y"}` with exactly these labels
 * (in any order), or 0 when the series is not there yet.
 */
export function sampleValue(text: string, name: string, labels: Record<string, string | number> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`).sort();
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = match[2] ? match[2].match(/\w+="(?:[^"\\]|\\.)*"/g)?.sort() ?? [] : [];
    if (have.length === wanted.length && have.every((pair, i) => pair === wanted[i])) return Number(match[3]);
  }
  return 0;
}

/**
 * Keeps this process's event loop busy in `sliceMs` slices with only a moment between them, as a
 * load that stalls it would, until the returned function is called (shedding tests).
 */
export function stallTheLoop(sliceMs = 120): () => void {
  let stalling = true;
  const slice = () => {
    if (!stalling) return;
    const until = Date.now() + sliceMs;
    while (Date.now() < until) {
      // busy: nothing else runs
    }
    setTimeout(slice, 1);
  };
  slice();
  return () => {
    stalling = false;
  };
}
