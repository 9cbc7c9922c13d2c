import '../common/zod-locale';
export * from './inspection-reserves.schemas';
export * from './inspection-reserves.access';
