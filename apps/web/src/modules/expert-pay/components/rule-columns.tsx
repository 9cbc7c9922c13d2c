import { CITIES, PRICING_CONDITION_LABELS, formatJalaliDate, toPersianDigits, type PricingCondition } from '@panel/contracts/common';
import { RULE_TAB_LABELS, SHARE_RULE_STATES, WEEK_DAYS, type ShareRule } from '@panel/contracts/expert-pay';
import type { ListColumn } from '@panel/ui';

const day = (key: string) => formatJalaliDate(`${key}T12:00:00+03:30`);
const ratio = (n: number) => toPersianDigits(n.toFixed(2)).replace('.', '٫');
const cityName = (id: number) => CITIES.find((c) => c.id === id)?.name ?? toPersianDigits(String(id));

/** Where a rule applies, in words. */
export function ruleScope(r: ShareRule): string {
  const when = r.tab === 'shift' ? (r.all_time_shift || !r.shift ? 'همه شیفت‌ها' : `شیفت ${toPersianDigits(r.shift)}`) : r.days.length ? r.days.map((d) => WEEK_DAYS[d]).join('، ') : 'همه روزها';
  const where = r.cities.length ? r.cities.map(cityName).join('، ') : 'همه شهرها';
  const condition = r.condition ? PRICING_CONDITION_LABELS[r.condition as PricingCondition] : 'همه شرایط';
  return [when, where, condition, r.inspection_type ? `بسته ${r.inspection_type}` : 'همه بسته‌ها'].join(' · ');
}

export const RULE_COLUMNS: ListColumn<ShareRule>[] = [
  { key: 'rule', header: 'قاعده', text: (r) => `${toPersianDigits(String(r.rule_id))} (نسخه ${toPersianDigits(String(r.version))})` },
  { key: 'state', header: 'وضعیت', text: (r) => SHARE_RULE_STATES[r.in_force ? 'in_force' : 'retired'] },
  { key: 'tab', header: 'نوع', text: (r) => RULE_TAB_LABELS[r.tab] },
  { key: 'range', header: 'بازه', text: (r) => (r.start_date === r.end_date ? day(r.start_date) : `${day(r.start_date)} تا ${day(r.end_date)}`) },
  { key: 'scope', header: 'دامنه', text: ruleScope },
  { key: 'price', header: 'ضریب قیمت', text: (r) => ratio(r.inspection_price_ratio) },
  { key: 'expert', header: 'سهم کارشناس', text: (r) => ratio(r.expert_share_ratio) },
  { key: 'mechanic', header: 'سهم مکانیک', text: (r) => ratio(r.mechanic_share_ratio) },
  { key: 'by', header: 'ثبت‌کننده', text: (r) => r.created_by },
];
