import '../common/zod-locale';
export * from './api-tokens.access';
export * from './api-tokens';
