import '../common/zod-locale';
export * from './brand-model';
export * from './catalogue';
export * from './catalogue-management';
export * from './brand-models.access';
