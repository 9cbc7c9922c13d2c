import '../common/zod-locale';
export * from './inspection-orders.schemas';
export * from './inspection-order';
export * from './order-actions';
export * from './inspection-orders.access';
export * from './order-list-states';
