import '../common/zod-locale';
export * from './concierge-sale';
