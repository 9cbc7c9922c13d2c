import type { Generated } from 'kysely';
import type { AffidavitDocumentKind, AffidavitLinkKind, AffidavitState } from '@panel/contracts/affidavits';

/** The tables of `migrations/1800_affidavits.sql`, as the drivers answer them. */
export interface AffidavitsTable {
  id: Generated<number>;
  state: Generated<AffidavitState>;
  version: Generated<number>;
  buyer_name: string;
  buyer_phone: string;
  seller_name: string;
  seller_phone: string;
  car_title: string;
  car_year: number;
  city_id: number;
  price: number;
  fee: number | null;
  concierge_sale_id: number | null;
  purchase_request_id: string | null;
  purchased_at: string | null;
  created_by: string;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface AffidavitDocumentsTable {
  id: Generated<number>;
  affidavit_id: number;
  media_id: number;
  kind: AffidavitDocumentKind;
  created_by: string;
  created_at: Generated<string>;
}

export interface AffidavitLinksTable {
  id: Generated<number>;
  affidavit_id: number;
  kind: AffidavitLinkKind;
  request_id: string;
  target: string;
  amount: number | null;
  created_by: string;
  created_at: Generated<string>;
}

export interface AffidavitsTables {
  affidavits: AffidavitsTable;
  affidavit_documents: AffidavitDocumentsTable;
  affidavit_links: AffidavitLinksTable;
}
