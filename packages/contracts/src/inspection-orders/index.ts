export * from './inspection-orders.schemas';
