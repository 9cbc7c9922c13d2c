import type { Generated } from 'kysely';
import type { PhotoSlot } from '@panel/contracts/common';
import type { AssignmentReason, ReviewKind, SkipReason, SlotVerdict } from '@panel/contracts/inspection-assistants';

/** `migrations/1500_turn_assign.sql`. */
export interface InspectionAssistantsTable {
  id: Generated<number>;
  username: string;
  position: number;
  active: Generated<boolean>;
  paused_until: string | null;
  pause_reason: Generated<string>;
  capacity: Generated<number>;
  makeup_owed: Generated<number>;
  version: Generated<number>;
  created_at: Generated<string>;
}

export interface AssistantTurnTable {
  id: Generated<number>;
  last_position: Generated<number>;
  makeup_for: number | null;
}

export interface SkippedAssistant {
  id: number;
  why: SkipReason;
}

export interface AssistantAssignmentsTable {
  id: Generated<number>;
  inspection_id: number;
  assistant_id: number | null;
  reason: AssignmentReason;
  skipped: Generated<SkippedAssistant[]>;
  actor_username: string;
  at: Generated<string>;
}

/** `migrations/1501_review_desks.sql`. */
export interface InspectionReviewersTable {
  id: Generated<number>;
  username: string;
  kind: ReviewKind;
  active: Generated<boolean>;
  version: Generated<number>;
  created_at: Generated<string>;
}

export interface InspectionReviewClaimsTable {
  inspection_id: number;
  reviewer_id: number;
  kind: ReviewKind;
  claimed_at: Generated<string>;
  expires_at: string;
}

export interface InspectionReviewsTable {
  id: Generated<number>;
  inspection_id: number;
  reviewer_id: number;
  kind: ReviewKind;
  outcome: 'approved' | 'returned' | 'priced';
  at: Generated<string>;
}

export interface InspectionReportPhotosTable {
  inspection_id: number;
  slot: PhotoSlot;
  media_id: number;
  verdict: SlotVerdict | null;
  note: Generated<string>;
  verdict_by: string | null;
  verdict_at: string | null;
}

export interface InspectionPriceBandsTable {
  inspection_id: number;
  low: number;
  high: number;
  note: Generated<string>;
  reviewer_id: number;
  at: Generated<string>;
}

export interface InspectionAssistantsTables {
  inspection_assistants: InspectionAssistantsTable;
  assistant_turn: AssistantTurnTable;
  assistant_assignments: AssistantAssignmentsTable;
  inspection_reviewers: InspectionReviewersTable;
  inspection_review_claims: InspectionReviewClaimsTable;
  inspection_reviews: InspectionReviewsTable;
  inspection_report_photos: InspectionReportPhotosTable;
  inspection_price_bands: InspectionPriceBandsTable;
}
