import type { Queryable } from '../../db/db';
import type { GatewayDeps } from '../../deps';

/**
 * The demo's cars that several modules know (decision 120): the other modules' seeds make their
 * records apart, so no plate is in a sale and an inspection at once. This links a few of them
 * into one car each: a concierge sale with its advert (the plate below, the sale's model, year,
 * colour and owner), an earlier archived advert of the first car with the same plate, a visited
 * inspection order made for the sale with a ticket on it, a price estimate asked from the owner's
 * phone for the same model and year, a sale-team ticket on the advert and, for a sold car, its
 * affidavit; the sale's advert and order record its VIN. Rows are picked in id order and set to fixed values, so running it again changes
 * nothing; where a module seeded nothing, its part is left out.
 */
export const CAR_DETAIL_DEMO_PLATES = ['22 ب 365 ایران 10', '47 ص 128 ایران 20', '63 ق 452 ایران 30', '18 م 719 ایران 40', '35 ط 286 ایران 50', '71 ن 534 ایران 60'];
/**
 * Their VINs (decision 136), on the sale's advert and on its inspection order; the first car's
 * earlier advert has none (the plate links it), and the first car has a later phone request of
 * its buyer that only the VIN ties to it.
 */
export const CAR_DETAIL_DEMO_VINS = ['NAAM01CA6HK410236', 'NAPTB2AF1JK502718', 'NAS411100G1234567', 'NAAC91CE2LK760429', 'NAAT31CD5MK283951', 'NAAP41FE9NK615203'];

interface Sale {
  id: number;
  status: string;
  car_model_id: number;
  car_brand_model: string;
  car_brand_model_year: number;
  car_color: string | null;
  usage: number;
  phone_number: string;
  applicant_full_name: string;
}

/** The ids of up to `count` rows of a query, in its order. */
const ids = async (db: Queryable, sql: string, count: number) => (await db.query<{ id: number }>(`${sql} LIMIT ${count}`)).map((r) => Number(r.id));

export async function seedDemoCars(db: Queryable, count = CAR_DETAIL_DEMO_PLATES.length): Promise<void> {
  const sales = await db.query<Sale>(
    `SELECT id, status, car_model_id, car_brand_model, car_brand_model_year, car_color, usage, phone_number, applicant_full_name FROM concierge_sales
      WHERE status IN ('sold', 'in_deal', 'on_offer', 'assigned') ORDER BY status IN ('sold', 'in_deal') DESC, id LIMIT ${count}`,
  );
  const posts = await db.query<{ id: number; token: string }>(`SELECT id, token FROM car_posts WHERE car_post_type = 'concierge_sale' ORDER BY id LIMIT ${count}`);
  const [earlier] = await ids(db, `SELECT id FROM car_posts WHERE car_post_type = 'direct' AND state = 'archived' ORDER BY id`, 1);
  const orders = await db.query<{ pk: number; code: string }>(`SELECT pk, code FROM inspections WHERE state = 'D' AND NOT is_canceled ORDER BY pk LIMIT ${count}`);
  // The first car's later phone request: the first new order that serves no sale (none of the above: they are done).
  const [later] = await ids(db, `SELECT pk AS id FROM inspections WHERE state = 'R' AND concierge_sale IS NULL ORDER BY pk`, 1);
  const pricing = await ids(db, `SELECT id FROM pricing_orders WHERE status = 'DO' ORDER BY id`, count);
  const sellTickets = await ids(db, 'SELECT pk AS id FROM sell_tickets WHERE concierge_sale_id IS NULL ORDER BY pk', count);
  const tickets = await ids(db, 'SELECT pk AS id FROM tickets ORDER BY pk', count);
  // Those with no sale, or one of these (a second run picks the same rows).
  const affidavits = await ids(db, `SELECT id FROM affidavits WHERE concierge_sale_id IS NULL OR concierge_sale_id IN (${sales.map((s) => Number(s.id)).join(', ') || 'NULL'}) ORDER BY id`, count);

  for (const [n, sale] of sales.entries()) {
    const post = posts[n];
    if (!post) break;
    const plate = CAR_DETAIL_DEMO_PLATES[n]!;
    const vin = CAR_DETAIL_DEMO_VINS[n]!;
    const [inspection] = await db.query<{ token: string }>('SELECT token FROM concierge_sale_inspections WHERE sale_id = $1 ORDER BY id LIMIT 1', [sale.id]);
    const car = [sale.car_model_id, sale.car_brand_model, sale.car_brand_model_year] as const;
    await db.query(
      `UPDATE car_posts SET license_plate_code = $2, concierge_sale_id = $3, model_id = $4, brand_model = $5, year = $6::int, color = coalesce($7, color),
         title = $5 || ' ' || $6::text || ' فروش همراه', owner_name = $8, owner_phone_number = $9, inspection_token = coalesce($10, inspection_token), vin = $11 WHERE id = $1`,
      [post.id, plate, sale.id, ...car, sale.car_color, sale.applicant_full_name, sale.phone_number, inspection?.token ?? null, vin],
    );
    await db.query('UPDATE concierge_sales SET car_post_token = $2, car_post_link = $3 WHERE id = $1', [sale.id, post.token, `https://example.ir/car/${post.token}`]);
    if (n === 0 && later !== undefined) await db.query('UPDATE inspections SET brand_model = $2, vin = $3 WHERE pk = $1', [later, sale.car_brand_model, vin]);
    if (n === 0 && earlier !== undefined) {
      // The earlier advert: the same car with less on its odometer.
      await db.query(
        `UPDATE car_posts SET license_plate_code = $2, model_id = $3, brand_model = $4, year = $5::int, title = $4 || ' ' || $5::text || ' مالک اول',
           color = coalesce($6, color), usage = greatest(0, $7::int - 18000) WHERE id = $1`,
        [earlier, plate, ...car, sale.car_color, sale.usage],
      );
    }
    const order = orders[n];
    if (order) {
      await db.query('UPDATE inspections SET concierge_sale = $2, brand_model = $3, vin = $4 WHERE pk = $1', [order.pk, sale.id, sale.car_brand_model, vin]);
      if (tickets[n] !== undefined) await db.query('UPDATE tickets SET order_code = $2 WHERE pk = $1', [tickets[n], order.code]);
    }
    if (pricing[n] !== undefined) {
      await db.query('UPDATE pricing_orders SET phone_number = $2, customer_name = $3, model_id = $4, brand_model = $5, year = $6 WHERE id = $1', [pricing[n], sale.phone_number, sale.applicant_full_name, ...car]);
    }
    if (sellTickets[n] !== undefined) await db.query('UPDATE sell_tickets SET car_post_id = $2 WHERE pk = $1', [sellTickets[n], post.id]);
    if (sale.status === 'sold' && affidavits[n] !== undefined) {
      await db.query('UPDATE affidavits SET concierge_sale_id = $2, car_title = $3 WHERE id = $1', [affidavits[n], sale.id, sale.car_brand_model]);
    }
  }
}

export async function carDetailSeed({ db }: GatewayDeps): Promise<void> {
  await db.transaction((tx) => seedDemoCars(tx));
}
