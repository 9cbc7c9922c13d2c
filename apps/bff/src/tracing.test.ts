import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trace } from '@opentelemetry/api';
import { startTracing, stopTracing, traceLogFields } from '@panel/observability';
import { InMemorySpanExporter, type ReadableSpan } from '@panel/observability/testing';
import { startTestPanel } from './testing';

// Issue 35: one trace from the browser's request through the BFF to the gateway and its SQL. The
// browser's `traceparent` is continued by the BFF, carried on its gateway call, continued by the
// gateway, and its statements are spans of it; spans land in memory instead of an OTLP collector.

describe('a traced request', () => {
  const exporter = new InMemorySpanExporter();
  let panel: Awaited<ReturnType<typeof startTestPanel>>;
  beforeAll(async () => {
    // Before the apps are built, as server.ts does.
    expect(startTracing({ serviceName: 'panel-test', exporter })).toBe(true);
    panel = await startTestPanel();
  });
  afterAll(async () => {
    await panel?.close();
    await stopTracing();
  });

  /** The finished spans of `traceId`, once `ready` holds for them (spans end as answers leave). */
  async function spansOf(traceId: string, ready: (spans: ReadableSpan[]) => boolean): Promise<ReadableSpan[]> {
    for (let i = 0; i < 100; i++) {
      const spans = exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
      if (ready(spans)) return spans;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seen = exporter.getFinishedSpans().map((s) => `${s.name} ${JSON.stringify(s.attributes)}`);
    throw new Error(`the spans of ${traceId} did not all end: ${seen.join(', ')}`);
  }

  it("continues the browser's trace through the BFF to the gateway and its SQL", async () => {
    const traceId = randomBytes(16).toString('hex');
    const parent = randomBytes(8).toString('hex');
    const response = await fetch(`${panel.url}/trpc/system.health`, {
      headers: { 'x-panel-request': '1', traceparent: `00-${traceId}-${parent}-01` },
    });
    expect(response.status).toBe(200);

    // A server's request span: its route pattern and the path it was asked.
    const request = (route: string) => (span: ReadableSpan) => span.attributes['http.route'] === route && span.attributes['url.path'] !== undefined;
    const spans = await spansOf(traceId, (all) => all.some(request('/health')) && all.some(request('/trpc/:path')));
    const bff = spans.find(request('/trpc/:path'))!;
    const gateway = spans.find(request('/health'))!;
    expect(bff.name).toBe('GET /trpc/:path');
    expect(gateway.name).toBe('GET /health');
    const sql = spans.find((s) => s.attributes['db.query.text'] === 'SELECT 1');
    // The BFF's request is the browser's span's child; the gateway's is in the same trace.
    expect(bff.parentSpanContext?.spanId).toBe(parent);
    expect(gateway.spanContext().traceId).toBe(traceId);
    expect(sql?.name).toBe('SELECT');
    // The gateway's request hangs under the BFF's outgoing call, which hangs under the BFF's request.
    const call = spans.find((s) => s.spanContext().spanId === gateway.parentSpanContext?.spanId);
    expect(call?.attributes['url.full']).toContain('/health');
    expect(spans.map((s) => s.spanContext().spanId)).toContain(call?.parentSpanContext?.spanId);
  });

  it('puts the trace id in the log lines written within it', () => {
    const mixin = traceLogFields();
    expect(mixin).toBeDefined();
    trace.getTracer('test').startActiveSpan('a log line', (span) => {
      expect(mixin!()).toEqual({ trace_id: span.spanContext().traceId, span_id: span.spanContext().spanId });
      span.end();
    });
  });
});

describe('tracing off', () => {
  it('is off without an OTLP endpoint: no mixin, nothing registered', () => {
    expect(startTracing({ serviceName: 'panel-test', env: {} })).toBe(false);
    expect(traceLogFields()).toBeUndefined();
  });
});
