import '../common/zod-locale';
export * from './originality-mapping.schemas';
