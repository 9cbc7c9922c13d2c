import '../common/zod-locale';
export * from './divar-tokens.schemas';
export * from './divar-tokens.access';
