import '../common/zod-locale';
export * from './transactions.access';
export * from './transactions.workflow';
export * from './transactions.schemas';
