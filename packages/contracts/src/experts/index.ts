import '../common/zod-locale';
export * from './experts.access';
export * from './experts.schemas';
export * from './experts.workflow';
export * from './experts.page';
export * from './experts.tickets';
