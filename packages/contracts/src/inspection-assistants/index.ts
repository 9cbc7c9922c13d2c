import '../common/zod-locale';
export * from './inspection-assistants.access';
export * from './turns';
export * from './reviews';
