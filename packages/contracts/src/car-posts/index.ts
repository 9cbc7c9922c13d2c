import '../common/zod-locale';
export * from './car-post';
