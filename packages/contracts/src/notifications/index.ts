import '../common/zod-locale';
export * from './notifications.schemas';
export * from './notifications.access';
