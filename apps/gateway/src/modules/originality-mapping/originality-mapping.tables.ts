import type { Generated } from 'kysely';
import type { BodyFinding, RulePart } from '@panel/contracts/originality-mapping';

/** The tables of `migrations/1200_originality_rules.sql`. */
export interface OriginalityMapTable {
  id: Generated<number>;
  version: Generated<number>;
  updated_at: Generated<string>;
  updated_by: string | null;
}

export interface OriginalityRulesTable {
  id: Generated<number>;
  part: RulePart;
  finding: BodyFinding;
  label: string;
  /** The screen's "priority": the matching rule with the highest one gives the label. */
  severity: number;
}

export interface OriginalityMappingTables {
  originality_map: OriginalityMapTable;
  originality_rules: OriginalityRulesTable;
}
