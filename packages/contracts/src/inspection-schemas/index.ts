import '../common/zod-locale';
export * from './schema-info';
