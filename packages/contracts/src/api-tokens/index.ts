import '../common/zod-locale';
export * from './api-tokens';
