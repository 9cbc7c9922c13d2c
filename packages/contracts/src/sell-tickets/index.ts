import '../common/zod-locale';
export * from './sell-tickets.schemas';
