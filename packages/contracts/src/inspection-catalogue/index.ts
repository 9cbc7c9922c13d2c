import '../common/zod-locale';
export * from './inspection-catalogue.access';
export * from './packages.schemas';
export * from './quote';
export * from './rates.schemas';
export * from './lists.schemas';
