import '../common/zod-locale';
export * from './car-detail.access';
export * from './car-detail.schemas';
