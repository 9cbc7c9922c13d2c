import '../common/zod-locale';
export * from './inspection-settings';
