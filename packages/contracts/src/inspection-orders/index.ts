export * from './inspection-orders.schemas';
export * from './query-params';
