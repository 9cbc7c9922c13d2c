import '../common/zod-locale';
export * from './transactions.access';
export * from './transactions.schemas';
