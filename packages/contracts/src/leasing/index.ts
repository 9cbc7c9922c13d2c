import '../common/zod-locale';
export * from './payment-plan';
