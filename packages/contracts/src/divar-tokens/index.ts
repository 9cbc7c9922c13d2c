import '../common/zod-locale';
export * from './divar-tokens.schemas';
