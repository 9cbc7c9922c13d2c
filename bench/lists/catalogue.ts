// The panel's lists, one declaration each: the SQL that seeds its rows straight into the gateway's
// tables (consistent with their constraints), a sample of values its searches look for, and the
// cases measured through the BFF and, as the baseline, straight to the gateway. A module that
// adds a list adds one entry to its area's file (or a file of its own) here.
import { CATALOGUE_LISTS } from './inspection-catalogue';
import { INSPECTION_LISTS } from './inspection-lists';
import { LEASING_CLAIMS_BENCH } from './leasing-claims';
import { LEASING_ORDERS_LISTS } from './leasing-orders';
import type { ListBench } from './list-bench';
import { SALE_LISTS } from './sale-lists';
import { AFFIDAVITS_BENCH } from './affidavits';
import { CMS_BENCH } from './cms';
import { REPORT_SCHEMAS_BENCH } from './report-schemas';
import { EXPERT_PAY_BENCH } from './expert-pay';
import { EXPERT_LISTS } from './experts';
import { NPS_BENCH } from './nps';
import { AI_QC_BENCH } from './ai-qc';
import { DISCOUNTS_BENCH } from './discounts';
import { TRANSACTIONS_BENCH } from './transactions';
import { CAR_INFO_BENCH, CATALOGUE_MODELS_BENCH } from './brand-models';

export type { Filter, ListBench, ListCase, Sample } from './list-bench';

export const LISTS: ListBench[] = [...INSPECTION_LISTS, ...SALE_LISTS, ...LEASING_ORDERS_LISTS, LEASING_CLAIMS_BENCH, ...CATALOGUE_LISTS, AFFIDAVITS_BENCH, CMS_BENCH, REPORT_SCHEMAS_BENCH, EXPERT_PAY_BENCH, ...EXPERT_LISTS, NPS_BENCH, AI_QC_BENCH, DISCOUNTS_BENCH, TRANSACTIONS_BENCH, CATALOGUE_MODELS_BENCH, CAR_INFO_BENCH];



/** The lists `only` names ('a,b'), with what they require first; every list when `only` is empty. */
export function selectLists(only: string | undefined): { seeded: ListBench[]; measured: ListBench[] } {
  if (!only) return { seeded: LISTS, measured: LISTS };
  const names = only.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !LISTS.some((l) => l.name === n));
  if (unknown.length) throw new Error(`BENCH_ONLY names no list: ${unknown.join(', ')} (lists: ${LISTS.map((l) => l.name).join(', ')})`);
  const wanted = new Set<string>();
  const add = (name: string) => {
    for (const dependency of LISTS.find((l) => l.name === name)!.requires ?? []) add(dependency);
    wanted.add(name);
  };
  names.forEach(add);
  return { seeded: LISTS.filter((l) => wanted.has(l.name)), measured: LISTS.filter((l) => names.includes(l.name)) };
}
