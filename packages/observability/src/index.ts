// The panel's operations kit (decision 121): metrics, traces, readiness, shedding.
export {};
