import '../common/zod-locale';
export * from './entities';
export * from './inputs';
export * from './live';
export * from './area';
export * from './drawer-forms';
export * from './dispatch.access';
export * from './sheet';
export * from './dispatch-rules';
