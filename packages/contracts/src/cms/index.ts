import '../common/zod-locale';
export * from './cms.access';
export * from './cms.schemas';
export * from './cms.workflow';
