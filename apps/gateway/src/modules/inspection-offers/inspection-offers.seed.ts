import type { GatewayDeps } from '../../deps';

// Demo offers consistent with the seeded orders: every order in state P has its open offer
// (sent within the last 20 minutes, some of its experts have seen or declined it), and some
// orders waiting for an expert carry the history of an offer that expired in the last days.
// The expiry sweep then closes the open ones at their deadlines, as in real life.

export async function inspectionOffersSeed({ db }: GatewayDeps): Promise<void> {
  await db.query(
    `INSERT INTO inspection_offers (inspection_pk, sent_at, deadline, sent_by)
     SELECT i.pk, t.sent, t.sent + interval '30 minutes', 'staff'
       FROM inspections i, LATERAL (SELECT now() - (i.pk % 20) * interval '1 minute' AS sent) t
      WHERE i.state = 'P'`,
  );
  await db.query(
    `INSERT INTO inspection_offers (inspection_pk, state, sent_at, deadline, closed_at, sent_by)
     SELECT i.pk, 'expired', t.sent, t.sent + interval '30 minutes', t.sent + interval '30 minutes', 'staff2'
       FROM inspections i, LATERAL (SELECT now() - (1 + i.pk % 3) * interval '1 day' AS sent) t
      WHERE i.state = 'T' AND i.pk % 4 = 0`,
  );
  await db.query(
    `INSERT INTO inspection_offer_recipients (offer_id, expert_id, seen_at, declined_at)
     SELECT o.id, e.pk,
            CASE WHEN (o.id + e.pk) % 3 = 0 THEN o.sent_at + interval '2 minutes' END,
            CASE WHEN (o.id + e.pk) % 6 = 0 THEN o.sent_at + interval '4 minutes' END
       FROM inspection_offers o
       JOIN inspections i ON i.pk = o.inspection_pk
       JOIN LATERAL (SELECT pk FROM experts WHERE is_car_expert AND city_id = i.city_id ORDER BY pk LIMIT 15) e ON true`,
  );
}
