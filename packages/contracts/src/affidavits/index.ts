import '../common/zod-locale';
export * from './affidavits.access';
export * from './affidavits.workflow';
export * from './affidavits.schemas';
