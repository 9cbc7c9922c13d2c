import '../common/zod-locale';
export * from './inspection-offers.schemas';
export * from './inspection-offers.access';
