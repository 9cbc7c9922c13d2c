import '../common/zod-locale';
export * from './auth.schemas';
export * from './call';
export * from './tokens';
export * from './auth.access';
