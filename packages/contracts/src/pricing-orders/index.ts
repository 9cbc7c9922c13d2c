import '../common/zod-locale';
export * from './pricing-orders.schemas';
