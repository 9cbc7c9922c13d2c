import '../common/zod-locale';
export * from './report-schemas.access';
export * from './report-schemas.schemas';
export * from './report-schemas.tree';
export * from './report-schemas.patch';
export * from './report-schemas.workflow';
