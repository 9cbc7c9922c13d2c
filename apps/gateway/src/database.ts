import type { CoreTables } from './db/core-tables';
import type { AuthTables } from './modules/auth/auth.tables';
import type { BrandModelsTables } from './modules/brand-models/brand-models.tables';
import type { ConciergeSaleTables } from './modules/concierge-sale/concierge-sale.tables';
import type { DispatchTables } from './modules/dispatch/dispatch.tables';
import type { InspectionAssistantsTables } from './modules/inspection-assistants/inspection-assistants.tables';
import type { InspectionCatalogueTables } from './modules/inspection-catalogue/inspection-catalogue.tables';
import type { InspectionOffersTables } from './modules/inspection-offers/inspection-offers.tables';
import type { InspectionOrdersTables } from './modules/inspection-orders/inspection-orders.tables';
import type { InspectionReservesTables } from './modules/inspection-reserves/inspection-reserves.tables';
import type { InspectionTicketsTables } from './modules/inspection-tickets/inspection-tickets.tables';
import type { CarPostsTables } from './modules/car-posts/car-posts.tables';
import type { PricingOrdersTables } from './modules/pricing-orders/pricing-orders.tables';
import type { DivarTokensTables } from './modules/divar-tokens/divar-tokens.tables';
import type { SellTicketsTables } from './modules/sell-tickets/sell-tickets.tables';
import type { OriginalityMappingTables } from './modules/originality-mapping/originality-mapping.tables';
import type { NotificationsTables } from './modules/notifications/notifications.tables';
import type { LeasingTables } from './modules/leasing/leasing.tables';
import type { AffidavitsTables } from './modules/affidavits/affidavits.tables';
import type { ExpertsTables } from './modules/experts/experts.tables';
import type { CmsTables } from './modules/cms/cms.tables';
import type { ReportSchemasTables } from './modules/report-schemas/report-schemas.tables';
import type { ExpertPayTables } from './modules/expert-pay/expert-pay.tables';
import type { NpsTables } from './modules/nps/nps.tables';
import type { AiQcTables } from './modules/ai-qc/ai-qc.tables';
import type { DiscountsTables } from './modules/discounts/discounts.tables';
import type { TransactionsTables } from './modules/transactions/transactions.tables';
import type { CarDetailTables } from './modules/car-detail/car-detail.tables';
import type { CarInfoTables } from './modules/car-info/car-info.tables';

/**
 * Every table the gateway's Kysely views know, composed by the app layer from what each module
 * declares in its own `<module>.tables.ts` (modules never import each other's). A table name two
 * modules both declare stops the typecheck here. inspection-orders owns no table (it reads the
 * core `inspections`).
 */
export type Database = Tables<Composed<[CoreTables, AuthTables, BrandModelsTables, DispatchTables, InspectionOffersTables, InspectionOrdersTables, InspectionTicketsTables, InspectionReservesTables, ConciergeSaleTables, CarPostsTables, PricingOrdersTables, DivarTokensTables, OriginalityMappingTables, SellTicketsTables, NotificationsTables, InspectionAssistantsTables, InspectionCatalogueTables, LeasingTables, AffidavitsTables, ExpertsTables, CmsTables, ReportSchemasTables, ExpertPayTables, NpsTables, AiQcTables, DiscountsTables, TransactionsTables, CarDetailTables, CarInfoTables]>>;

// Only a map of table names to row types passes; a collision reported by `Composed` does not.
type Tables<T extends { [Table in keyof T]: object }> = T;

type Composed<Parts extends object[], Seen = unknown> = Parts extends [infer First extends object, ...infer Rest extends object[]]
  ? [keyof First & keyof Seen] extends [never]
    ? Composed<Rest, Seen & First>
    : { tableDeclaredTwice: keyof First & keyof Seen }
  : Seen;
