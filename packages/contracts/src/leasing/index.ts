import '../common/zod-locale';
export * from './leasing.access';
export * from './payment-plan';
export * from './national-id';
export * from './schedule';
export * from './orders';
export * from './claims';
export * from './register';
