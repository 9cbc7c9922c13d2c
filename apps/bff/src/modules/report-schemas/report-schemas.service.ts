import { ReportSchemasPageSchema, reportSchemasListFilter, type ReportSchemas, type ReportSchemasListFilter, type ReportSchemasPage } from '@panel/contracts/report-schemas';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';

export const listReportSchemas = (gateway: GatewayClient, filter: ReportSchemasListFilter): Promise<ReportSchemasPage> =>
  gateway.get(ReportSchemasPageSchema, '/api/report-schemas/', reportSchemasListFilter.toQuery(filter));

export const exportReportSchemas = (gateway: GatewayClient, filter: ReportSchemasListFilter): Promise<{ rows: ReportSchemas[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listReportSchemas(gateway, { ...filter, page, pageSize }));
