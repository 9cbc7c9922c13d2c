import '../common/zod-locale';
export * from './turns';
export * from './reviews';
