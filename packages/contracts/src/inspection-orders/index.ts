import '../common/zod-locale';
export * from './inspection-orders.schemas';
