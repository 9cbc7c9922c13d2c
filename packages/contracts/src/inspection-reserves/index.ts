import '../common/zod-locale';
export * from './inspection-reserves.schemas';
