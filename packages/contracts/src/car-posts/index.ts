import '../common/zod-locale';
export * from './car-post';
export * from './car-posts.schemas';
export * from './car-posts.access';
