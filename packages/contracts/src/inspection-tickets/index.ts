import '../common/zod-locale';
export * from './inspection-tickets.schemas';
