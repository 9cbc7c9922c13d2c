import { context, propagation, SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance } from 'fastify';

// OpenTelemetry traces (decision 121): off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (or a test
// hands an exporter), and then one trace runs from the browser's request through the BFF
// (@fastify/otel), its gateway calls (fetch, whose `traceparent` the undici instrumentation
// writes), the gateway's request (@fastify/otel again, reading that header) and its SQL (a span
// around the gateway's query layer). Off, nothing is registered, wrapped or looked up: the
// servers run exactly as without it.

let sdk: NodeSDK | undefined;
let fastifyOtel: FastifyOtelInstrumentation | undefined;
let undici: UndiciInstrumentation | undefined;

export interface TracingOptions {
  serviceName: string;
  /** The environment to read OTEL_EXPORTER_OTLP_ENDPOINT from. */
  env?: Record<string, string | undefined>;
  /** Spans go here, each at its end, instead of OTLP (tests: an in-memory exporter). */
  exporter?: SpanExporter;
}

/**
 * Starts tracing for this process when an OTLP endpoint is configured or `exporter` is given;
 * returns whether it did. Call before the apps are built (they add their request spans then).
 */
export function startTracing({ serviceName, env = process.env, exporter }: TracingOptions): boolean {
  if (sdk) return true;
  if (!exporter && !env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return false;
  // The request and its handler; a span per hook (helmet, cookies, guards...) would be most of a
  // trace and tell little.
  // Named by method and route pattern (`GET /api/users/:id/`), as a trace viewer lists them.
  fastifyOtel = new FastifyOtelInstrumentation({
    instrumentHooks: false,
    requestHook: (span, request) => span.updateName(`${request.method} ${request.routeOptions.url ?? 'unmatched'}`),
  });
  // Only calls made within a traced request: a call outside any is no trace of its own.
  undici = new UndiciInstrumentation({ requireParentforSpans: true });
  sdk = new NodeSDK({
    serviceName,
    // The OTLP exporter reads its endpoint, headers and protocol options from OTEL_EXPORTER_OTLP_*.
    spanProcessors: [exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(new OTLPTraceExporter())],
    instrumentations: [fastifyOtel, undici],
    // Metrics are Prometheus's (metrics.ts) and logs are pino's lines: traces only.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return true;
}

/** Whether this process traces. */
export const tracing = (): boolean => sdk !== undefined;

/** Flushes the spans still held and stops tracing (server shutdown; tests). */
export async function stopTracing(): Promise<void> {
  const running = sdk;
  if (!running) return;
  sdk = undefined;
  fastifyOtel?.disable();
  undici?.disable();
  fastifyOtel = undefined;
  undici = undefined;
  await running.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
}

/**
 * Request spans for `app` (its routes and hooks), continuing the caller's trace from its
 * `traceparent`. Register first, before the routes; nothing while tracing is off.
 */
export async function traceRequests(app: FastifyInstance): Promise<void> {
  if (fastifyOtel) await app.register(fastifyOtel.plugin());
}

/**
 * The active trace for each log line (pino's `mixin`): `trace_id` and `span_id`, so a line is
 * found from its trace and back. Undefined while tracing is off (no mixin at all).
 */
export function traceLogFields(): (() => { trace_id?: string; span_id?: string }) | undefined {
  if (!sdk) return undefined;
  return () => {
    const span = trace.getSpan(context.active());
    if (!span) return {};
    const { traceId, spanId } = span.spanContext();
    return { trace_id: traceId, span_id: spanId };
  };
}

const tracer = () => trace.getTracer('@panel/observability');

/**
 * Runs `work` inside a client span named `name` (a statement's verb), ended with its outcome,
 * when it is part of a trace; work outside any (the boot's migrations, timers) runs as it is.
 */
export function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  if (!trace.getSpan(context.active())) return work();
  return tracer().startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}
