import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import type { OffersService } from './inspection-offers.service';

/**
 * The demo seed's trickle of answers (decision 033): every `everyMs` one seeded expert who was
 * offered an open offer sees it, declines it or (now and then) accepts it, through the same
 * service the expert app's endpoints use, so the offer screens are alive. A refusal (the expert's
 * cell is busy, another expert was first) is the demo's bad luck, not an error.
 */
export function startDemoAnswers(db: Db, offers: OffersService, everyMs: number, log: FastifyBaseLogger): () => void {
  let running = false;
  const tick = async () => {
    const [pick] = await db.query<{ id: number; username: string; seen: boolean }>(
      `SELECT o.id, e.username, r.seen_at IS NOT NULL AS seen
         FROM inspection_offers o
         JOIN inspection_offer_recipients r ON r.offer_id = o.id AND r.declined_at IS NULL
         JOIN experts e ON e.pk = r.expert_id AND e.username IS NOT NULL
        WHERE o.state = 'open' AND o.deadline > now()
        ORDER BY random() LIMIT 1`,
    );
    if (!pick) return;
    const identity = { username: pick.username };
    const roll = Math.random();
    try {
      if (!pick.seen) await offers.see(identity, pick.id);
      else if (roll < 0.2) await offers.accept(identity, pick.id);
      else await offers.decline(identity, pick.id);
    } catch (error) {
      log.debug({ err: error }, 'a demo answer was refused');
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    tick()
      .catch((error: unknown) => log.warn({ err: error }, 'demo answers failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
