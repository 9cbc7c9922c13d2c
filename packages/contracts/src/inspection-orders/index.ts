import '../common/zod-locale';
export * from './inspection-orders.schemas';
export * from './inspection-order';
export * from './photos';
export * from './order-actions';
export * from './order-list-states';
