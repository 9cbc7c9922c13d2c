import '../common/zod-locale';
export * from './nps.access';
export * from './nps.workflow';
export * from './nps.schemas';
