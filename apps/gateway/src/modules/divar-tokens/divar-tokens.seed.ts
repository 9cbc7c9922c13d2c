import type { Queryable } from '../../db/db';
import type { GatewayDeps } from '../../deps';
import { seededRandom } from '../../db/seed-random';
import { logAction, type Actor } from '../../workflow';
import { DIVAR_TOKEN_ENTITY } from './divar-tokens.service';

// Demo Divar tokens: the sales on offer, in a deal or sold carry the token of their Divar advert
// (the sale's copy written alongside, decision 084), so do most published direct and dealer car
// posts; a few tokens were linked once and unlinked since (a wrong advert, a removed one), with
// the reason in their history.

const STAFF: Actor[] = [
  { username: 'sara.ahmadi', fullname: 'سارا احمدی' },
  { username: 'reza.karimi', fullname: 'رضا کریمی' },
  { username: 'maryam.nouri', fullname: 'مریم نوری' },
];
const UNLINK_REASONS = ['آگهی دیوار حذف شده است.', 'توکن اشتباه وارد شده بود.', 'آگهی دیوار به نام فروشنده دیگری است.', 'فروشنده آگهی را متوقف کرد.'];
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export async function seedDivarTokens(db: Queryable, now = new Date()): Promise<void> {
  const rand = seededRandom(1100);
  const seen = new Set<string>();
  const newToken = () => {
    for (;;) {
      const token = Array.from({ length: 8 }, () => ALPHABET[Math.floor(rand() * ALPHABET.length)]).join('');
      if (/[0-9]/.test(token) && /[A-Za-z]/.test(token) && !seen.has(token)) {
        seen.add(token);
        return token;
      }
    }
  };
  const staff = () => STAFF[Math.floor(rand() * STAFF.length)]!;
  const sales = await db.query<{ id: number; token: string; title: string; created_at: string }>(
    `SELECT id, token, applicant_full_name AS title, created_at FROM concierge_sales WHERE status IN ('on_offer', 'in_deal', 'sold') AND divar_post_token IS NULL ORDER BY id`,
  );
  const posts = await db.query<{ id: number; token: string; title: string; created_at: string }>(
    `SELECT id, token, title, created_at FROM car_posts WHERE state = 'published' AND car_post_type <> 'concierge_sale' ORDER BY id LIMIT 40`,
  );
  const targets = [...sales.map((s) => ({ ...s, kind: 'concierge_sale' as const })), ...posts.map((p) => ({ ...p, kind: 'car_post' as const }))];
  for (const [n, target] of targets.entries()) {
    const token = newToken();
    const actor = staff();
    // Linked a few hours to a few days after the post or sale was made, never in the future.
    const at = new Date(Math.min(now.getTime() - 60_000, Date.parse(target.created_at) + (2 + Math.floor(rand() * 70)) * 3_600_000)).toISOString();
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO divar_tokens (token, car_post_id, concierge_sale_id, linked_at, linked_by, created_at, created_by) VALUES ($1, $2, $3, $4, $5, $4, $5) RETURNING id`,
      [token, target.kind === 'car_post' ? target.id : null, target.kind === 'concierge_sale' ? target.id : null, at, actor.fullname],
    );
    if (target.kind === 'concierge_sale') {
      await db.query('UPDATE concierge_sales SET divar_post_token = $1, divar_post_link = $2 WHERE id = $3', [token, `https://divar.ir/v/${token}`, target.id]);
    }
    const kind = target.kind === 'car_post' ? 'آگهی خودرو' : 'فروش همراه';
    await logAction(db, { entity: DIVAR_TOKEN_ENTITY, entityId: row!.id, action: 'link', actor, reason: `به ${kind} «${target.title}»`, details: { kind: target.kind, target_id: target.id, code: target.token } });
    await db.query('UPDATE action_log SET at = $1 WHERE entity = $2 AND entity_id = $3', [at, DIVAR_TOKEN_ENTITY, row!.id]);
    // Every fourth car post's token had been used before on an advert that went away.
    if (target.kind === 'car_post' && n % 4 === 0) await seedUnlinked(db, newToken(), staff(), staff(), new Date(Date.parse(at) - 3 * 86_400_000), UNLINK_REASONS[n % UNLINK_REASONS.length]!, target);
  }
}

/** A token linked to a post once and unlinked since, with both steps in its history. */
async function seedUnlinked(db: Queryable, token: string, linker: Actor, unlinker: Actor, at: Date, reason: string, target: { title: string; token: string }) {
  const linkedAt = at.toISOString();
  const unlinkedAt = new Date(at.getTime() + 26 * 3_600_000).toISOString();
  const [row] = await db.query<{ id: number }>(`INSERT INTO divar_tokens (token, version, created_at, created_by) VALUES ($1, 3, $2, $3) RETURNING id`, [token, linkedAt, linker.fullname]);
  await db.query(
    `INSERT INTO action_log (entity, entity_id, action, actor_username, actor_fullname, reason, at) VALUES ($1, $2, 'link', $3, $4, $5, $6), ($1, $2, 'unlink', $7, $8, $9, $10)`,
    [DIVAR_TOKEN_ENTITY, row!.id, linker.username, linker.fullname, `به آگهی خودرو «${target.title}»`, linkedAt, unlinker.username, unlinker.fullname, reason, unlinkedAt],
  );
}

export async function divarTokensSeed(deps: GatewayDeps): Promise<void> {
  await seedDivarTokens(deps.db);
}
