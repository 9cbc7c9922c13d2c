import '../common/zod-locale';
export * from './concierge-sale';
export * from './concierge-sale.flow';
export * from './concierge-sale.lists';
export * from './concierge-sale.access';
