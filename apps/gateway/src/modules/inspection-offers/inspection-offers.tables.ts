import type { Generated } from 'kysely';
import type { OfferState } from '@panel/contracts/inspection-offers';

/** The tables of `migrations/0500_offers.sql`, as the drivers answer them. */
export interface InspectionOffersTable {
  id: Generated<number>;
  inspection_pk: number;
  state: Generated<OfferState>;
  sent_at: Generated<string>;
  deadline: string;
  sent_by: string;
  accepted_expert_id: number | null;
  closed_at: string | null;
  version: Generated<number>;
}

export interface InspectionOfferRecipientsTable {
  offer_id: number;
  expert_id: number;
  seen_at: string | null;
  declined_at: string | null;
}

export interface InspectionOffersTables {
  inspection_offers: InspectionOffersTable;
  inspection_offer_recipients: InspectionOfferRecipientsTable;
}
