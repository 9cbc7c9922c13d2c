import '../common/zod-locale';
export * from './tickets.schemas';
