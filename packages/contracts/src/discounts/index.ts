import '../common/zod-locale';
export * from './discounts.access';
export * from './discounts.schemas';
export * from './discounts.workflow';
