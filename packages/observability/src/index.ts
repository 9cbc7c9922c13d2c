// The panel's operations kit (decision 121): Prometheus metrics, OpenTelemetry traces,
// readiness with deadlines and shedding under pressure, the same way for the BFF and the gateway.
export * from './metrics';
export * from './tracing';
export * from './shedding';
export * from './health';
export * from './env';
