import { toLatinDigits, type ExpertLevel, type ExpertType } from '@panel/contracts/common/plain';
import type { Expert } from '@panel/contracts/dispatch';

export interface ExpertFilter {
  areas: readonly number[];
  levels: readonly ExpertLevel[];
  types: readonly ExpertType[];
  search: string;
}

// Arabic yeh and kaf are common in typed Persian text; both spellings must find the same name.
const normalizeText = (s: string) => toLatinDigits(s).replace(/ي/g, 'ی').replace(/ك/g, 'ک').replace(/\u200c/g, ' ').trim().toLowerCase();

/**
 * The experts the sheet shows, in the given order. An empty filter keeps everyone; areas match
 * any of the expert's areas, types match any flag set; the search matches a name, an expert pk,
 * or an order code the expert holds on the date (`codesOf`).
 */
export function filterExperts(
  experts: readonly Expert[],
  filter: ExpertFilter,
  codesOf?: (expertPk: number) => readonly string[],
): Expert[] {
  const areas = new Set(filter.areas);
  const levels = new Set<number>(filter.levels);
  const query = normalizeText(filter.search);
  return experts.filter((e) => {
    if (areas.size && !e.areas.some((a) => areas.has(a))) return false;
    if (levels.size && !levels.has(e.level)) return false;
    if (filter.types.length && !filter.types.some((t) => e[t])) return false;
    if (!query) return true;
    if (normalizeText(e.report_name).includes(query)) return true;
    if (String(e.pk) === query) return true;
    return codesOf?.(e.pk).some((code) => code.toLowerCase().startsWith(query)) ?? false;
  });
}
