import '../common/zod-locale';
export * from './packages.schemas';
export * from './quote';
export * from './rates.schemas';
