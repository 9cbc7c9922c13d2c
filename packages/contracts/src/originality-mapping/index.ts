import '../common/zod-locale';
export * from './originality-mapping.schemas';
export * from './originality-mapping.access';
