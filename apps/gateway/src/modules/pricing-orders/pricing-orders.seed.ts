import { CITIES } from '@panel/contracts/common';
import type { Queryable } from '../../db/db';
import type { GatewayDeps } from '../../deps';

// Demo price-estimation requests for the model-years the demo's car posts sell most: the first
// rounds already priced (older, the estimator's last prices), the rest pending and recent.

const FIRST = ['علی', 'محمد', 'زهرا', 'مریم', 'حسین', 'نرگس', 'رضا', 'سارا', 'امیر', 'پریسا'];
const LAST = ['رضایی', 'احمدی', 'کریمی', 'موسوی', 'نوری', 'صادقی', 'طاهری', 'شریفی'];

export async function seedPricingOrders(db: Queryable, count: number, now = new Date()): Promise<void> {
  // The model-years the posts sell most, so the estimator has prices for them.
  const cars = await db.query<{ model_id: number; brand_model: string; year: number; price: number }>(
    `SELECT model_id, min(brand_model) AS brand_model, year, percentile_cont(0.5) WITHIN GROUP (ORDER BY price)::bigint AS price
       FROM car_posts GROUP BY model_id, year ORDER BY count(*) DESC, model_id, year LIMIT 8`,
  );
  if (cars.length === 0) return;
  for (let n = 0; n < count; n += 1) {
    const car = cars[n % cars.length]!;
    const done = n < cars.length * 3;
    // Priced ones 2-9 days back; pending ones within the last two days.
    const minutesAgo = done ? 2 * 24 * 60 + ((n * 977) % (7 * 24 * 60)) : 20 + ((n * 613) % (2 * 24 * 60));
    const created = new Date(now.getTime() - minutesAgo * 60_000).toISOString();
    const price = Number(car.price);
    await db.query(
      `INSERT INTO pricing_orders (code, status, model_id, brand_model, year, usage, city_id, customer_name, phone_number, description,
         expert_username, expert_name, estimate_min, estimate_max, expert_note, created_at, estimated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
      [
        String(700000 + n),
        done ? 'DO' : 'PE',
        car.model_id,
        car.brand_model,
        car.year,
        20_000 + ((n * 7919) % 180_000),
        CITIES[n % CITIES.length]!.id,
        `${FIRST[n % FIRST.length]} ${LAST[(n * 3) % LAST.length]}`,
        `0912${String(1000000 + ((n * 104729) % 8999999)).padStart(7, '0')}`,
        n % 3 === 0 ? 'مشتری قصد فروش فوری دارد.' : '',
        done ? 'hamid.sadeghi' : null,
        done ? 'حمید صادقی' : null,
        done ? Math.round((price * (0.9 + (n % 3) * 0.04)) / 1_000_000) * 1_000_000 : null,
        done ? Math.round((price * (1.0 + (n % 3) * 0.04)) / 1_000_000) * 1_000_000 : null,
        done ? 'بر اساس آگهی‌های مشابه' : '',
        created,
        done ? new Date(Date.parse(created) + 3_600_000).toISOString() : null,
      ],
    );
  }
}

export async function pricingOrdersSeed(deps: GatewayDeps): Promise<void> {
  await seedPricingOrders(deps.db, 40);
}
