import '../common/zod-locale';
export * from './car-info.access';
export * from './car-info.schemas';
