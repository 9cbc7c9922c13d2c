import '../common/zod-locale';
export * from './expert-pay.access';
export * from './expert-pay.workflow';
export * from './payments';
export * from './period';
export * from './rules';
