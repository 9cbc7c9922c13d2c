import '../common/zod-locale';
export * from './ai-qc.access';
export * from './ai-qc.workflow';
export * from './ai-qc.schemas';
