import '../common/zod-locale';
export * from './pricing-orders.schemas';
export * from './pricing-orders.access';
