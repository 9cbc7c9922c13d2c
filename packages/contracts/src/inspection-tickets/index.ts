import '../common/zod-locale';
export * from './inspection-tickets.schemas';
export * from './inspection-tickets.access';
