export * from './entities';
export * from './inputs';
export * from './live';
