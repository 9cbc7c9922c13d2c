import '../common/zod-locale';
export * from './nps.access';
export * from './nps.schemas';
