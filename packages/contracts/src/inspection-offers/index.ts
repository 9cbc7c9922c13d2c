import '../common/zod-locale';
export * from './inspection-offers.schemas';
