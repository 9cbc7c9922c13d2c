import '../common/zod-locale';
export * from './notifications.schemas';
