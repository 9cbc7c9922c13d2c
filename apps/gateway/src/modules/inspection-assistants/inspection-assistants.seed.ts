import type { Queryable } from '../../db/db';
import type { GatewayDeps } from '../../deps';
import { sampleMedia } from '../../media/media';

// The demo's turn-assign and review desks (issue 29). The assistants are the support staff who
// took the seeded orders (auth's ASSISTANT_USERS, named by username since modules never import
// each other); one is inactive and owed two turns, to show the make-up. Every order waiting for
// review (Q, W) or being inspected (S) has its five photos from the sample images; half the Q
// orders ask for a price estimation, so QC approval shows both ways on.

const ASSISTANTS = ['sara.ahmadi', 'reza.karimi', 'maryam.nouri', 'hamid.sadeghi', 'neda.ghasemi'];
const INACTIVE = 'neda.ghasemi';
const REVIEWERS = {
  qc: ['staff', 'staff2', 'maryam.nouri', 'hamid.sadeghi'],
  pricing: ['staff', 'staff2', 'neda.ghasemi', 'reza.karimi'],
};
/** The sample image of each slot, alternating between the two cars of each side. */
const SLOT_SAMPLES = {
  front: ['sedan-white-front.jpg'],
  back: ['hatch-red-rear.png'],
  odometer: ['odometer.webp'],
  left: ['sedan-white-side.webp', 'suv-black-side.webp'],
  right: ['sedan-silver-side.png', 'hatch-red-side.jpg'],
} as const;

export async function seedAssistants(db: Queryable): Promise<void> {
  // Capacity leaves each room above what they follow now, so new orders keep turning.
  await db.query(
    `INSERT INTO inspection_assistants (username, position, active, capacity, makeup_owed)
     SELECT u.username, s.n, u.username <> $2, least(1000, greatest(40, o.open + 40)), CASE WHEN u.username = $2 THEN 2 ELSE 0 END
       FROM unnest($1::text[]) WITH ORDINALITY AS s(username, n)
       JOIN users u ON u.username = s.username
       CROSS JOIN LATERAL (SELECT count(*)::int AS open FROM inspections i WHERE i.assistant = u.username AND i.state NOT IN ('D', 'F')) o
     ON CONFLICT (username) DO NOTHING`,
    [ASSISTANTS, INACTIVE],
  );
  for (const [kind, usernames] of Object.entries(REVIEWERS)) {
    await db.query(
      `INSERT INTO inspection_reviewers (username, kind) SELECT u.username, $2 FROM users u WHERE u.username = ANY($1::text[]) ORDER BY u.id ON CONFLICT (kind, username) DO NOTHING`,
      [usernames, kind],
    );
  }
}

export async function seedReportPhotos(db: Queryable): Promise<void> {
  const media = await sampleMedia(db);
  for (const [slot, files] of Object.entries(SLOT_SAMPLES)) {
    const ids = files.map((file) => media.get(file)!.id);
    await db.query(
      `INSERT INTO inspection_report_photos (inspection_id, slot, media_id)
       SELECT i.pk, $1, ($2::bigint[])[1 + i.pk % $3] FROM inspections i WHERE i.state IN ('S', 'Q', 'W')
       ON CONFLICT (inspection_id, slot) DO NOTHING`,
      [slot, ids, ids.length],
    );
  }
  await db.query(`UPDATE inspections SET pricing = true WHERE state = 'Q' AND pk % 2 = 0 AND NOT pricing`);
}

export async function inspectionAssistantsSeed(deps: GatewayDeps): Promise<void> {
  await seedAssistants(deps.db);
  await seedReportPhotos(deps.db);
}
