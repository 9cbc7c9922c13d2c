import '../common/zod-locale';
export * from './sell-tickets.schemas';
export * from './sell-tickets.access';
