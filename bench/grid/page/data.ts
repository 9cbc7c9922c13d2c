import type { Cell, Expert, Shift } from '@panel/contracts/dispatch';
import type { InspectionState } from '@panel/contracts/common';

// Generated data of the real shapes, so the bench measures the real grid component without a
// server in the way. Deterministic: the same seed gives the same sheet on every run.
let seed = 42;
const rand = () => {
  seed = (seed * 1664525 + 1013904223) % 4294967296;
  return seed / 4294967296;
};
const pick = <T,>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

const FIRST = ['علی', 'محمد', 'رضا', 'حسین', 'مریم', 'زهرا', 'سارا', 'مهدی', 'امیر', 'نرگس'];
const LAST = ['رضایی', 'محمدی', 'کاظمی', 'حسینی', 'احمدی', 'کریمی', 'موسوی', 'جعفری', 'صادقی', 'نوری'];
const MODELS = ['پژو ۲۰۶ تیپ ۲', 'کوییک R', 'دنا پلاس', 'تارا', 'سمند', 'شاهین', 'ام‌وی‌ام X22'];
const PACKAGES = ['کارشناسی پایه', 'کارشناسی کامل', 'کارشناسی ویژه'];
const STATES: InspectionState[] = ['E', 'O', 'M', 'T', 'I', 'S', 'D', 'Q', 'W', 'F'];

export const SHIFTS: Shift[] = [8, 10, 12, 14, 16, 18].map((h, i) => ({
  pk: i + 1,
  start: `${String(h).padStart(2, '0')}:00:00`,
  end: `${String(h + 2).padStart(2, '0')}:00:00`,
}));

export function generateExperts(n: number): Expert[] {
  return Array.from({ length: n }, (_, i) => ({
    pk: i + 1,
    report_name: `${pick(FIRST)} ${pick(LAST)}`,
    level: Math.floor(rand() * 6) as Expert['level'],
    is_car_expert: rand() < 0.8,
    is_motor_cycle_expert: rand() < 0.1,
    is_concierge_sale_expert: rand() < 0.1,
    is_car_mechanic: rand() < 0.2,
    is_motor_cycle_mechanic: false,
    is_leasing_expert: false,
    areas: [1],
    city: 1,
  }));
}

let version = 1;
export function generateCell(expertId: number, shiftId: number): Cell {
  const r = rand();
  const base = {
    pk: expertId * 10 + shiftId,
    expert_id: expertId,
    shift_id: shiftId,
    version: version++,
    updated_at: new Date().toISOString(),
    hold: null,
    inspection: null,
  };
  if (r < 0.35) return { ...base, state: 0 };
  if (r < 0.45) return { ...base, state: 1 };
  if (r < 0.5) {
    return {
      ...base,
      state: 0,
      hold: { holder_username: 'staff', holder_fullname: 'سارا محمدی', expires_at: new Date(Date.now() + 600_000).toISOString() },
    };
  }
  return {
    ...base,
    state: 2,
    inspection: {
      pk: base.pk,
      code: `INS-${base.pk}`,
      state: pick(STATES),
      visit_time: `${String(8 + (shiftId - 1) * 2).padStart(2, '0')}:30`,
      brand_model: pick(MODELS),
      selected_package_name: pick(PACKAGES),
      visit_place: 'تهران، سعادت‌آباد',
      price: 450_000 + Math.floor(rand() * 20) * 50_000,
    },
  };
}

export function generateCells(experts: readonly Expert[]): Cell[] {
  const cells: Cell[] = [];
  for (const e of experts) for (const s of SHIFTS) cells.push(generateCell(e.pk, s.pk));
  return cells;
}

export const randomInt = (n: number) => Math.floor(rand() * n);
