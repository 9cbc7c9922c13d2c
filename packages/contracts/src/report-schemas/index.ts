import '../common/zod-locale';
export * from './report-schemas.access';
export * from './report-schemas.schemas';
