import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Queryable } from '../db/db';
import { badRequest, notFound } from '../errors';

// The media store (MODULE-STANDARD): one shared service of the gateway. An upload is checked
// for its declared type (against the file's own first bytes) and its size, kept in the
// `media` table, and served back with its content type and cache headers. Modules keep media
// ids and answer `mediaUrl(id)`.

export const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;

export const MEDIA_MESSAGES = {
  type: 'نوع فایل پشتیبانی نمی‌شود؛ فقط JPEG، PNG، WebP یا PDF.',
  mismatch: 'محتوای فایل با نوع اعلام‌شده آن یکی نیست.',
  empty: 'فایل خالی است.',
  tooLarge: 'حجم فایل بیش از ۵ مگابایت است.',
  name: 'نام فایل نامعتبر است.',
  notFound: 'فایل یافت نشد',
} as const;

export interface StoredMedia {
  id: number;
  name: string;
  type: MediaType;
  size: number;
  url: string;
}

/** Where the gateway serves a media file. */
export const mediaUrl = (id: number) => `/api/media/${id}/`;

const startsWith = (data: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => data[at + i] === b);

/** The type the file's own first bytes say it is, or undefined. */
export function sniffMediaType(data: Uint8Array): MediaType | undefined {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return undefined;
}

const isMediaType = (type: string): type is MediaType => (MEDIA_TYPES as readonly string[]).includes(type);

/** Checks and stores one upload; a bad one is a Persian 400 and nothing is stored. */
export async function storeMedia(db: Queryable, upload: { name: string; type: string; data: Uint8Array; by: string }): Promise<StoredMedia> {
  const type = upload.type.split(';')[0]!.trim().toLowerCase();
  if (!isMediaType(type)) throw badRequest({ file: [MEDIA_MESSAGES.type] });
  if (upload.data.byteLength === 0) throw badRequest({ file: [MEDIA_MESSAGES.empty] });
  if (upload.data.byteLength > MEDIA_MAX_BYTES) throw badRequest({ file: [MEDIA_MESSAGES.tooLarge] });
  if (sniffMediaType(upload.data) !== type) throw badRequest({ file: [MEDIA_MESSAGES.mismatch] });
  const name = upload.name.trim();
  // eslint-disable-next-line no-control-regex -- refusing control characters in a file name
  if (!name || name.length > 200 || /[\u0000-\u001f/\\]/.test(name)) throw badRequest({ name: [MEDIA_MESSAGES.name] });
  const sha256 = createHash('sha256').update(upload.data).digest('hex');
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO media (name, content_type, size, sha256, data, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [name, type, upload.data.byteLength, sha256, Buffer.from(upload.data), upload.by],
  );
  return { id: row!.id, name, type, size: upload.data.byteLength, url: mediaUrl(row!.id) };
}

export interface MediaFile {
  name: string;
  type: MediaType;
  sha256: string;
  data: Buffer;
}

export async function readMedia(db: Queryable, id: number): Promise<MediaFile> {
  const [row] = await db.query<{ name: string; content_type: MediaType; sha256: string; data: Uint8Array }>(
    'SELECT name, content_type, sha256, data FROM media WHERE id = $1',
    [id],
  );
  if (!row) throw notFound(MEDIA_MESSAGES.notFound);
  return { name: row.name, type: row.content_type, sha256: row.sha256, data: Buffer.from(row.data) };
}

const SAMPLES_DIR = fileURLToPath(new URL('./samples/', import.meta.url));
const SAMPLE_TYPES: Record<string, MediaType> = { '.jpg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

/**
 * The small sample images the project ships (`media/samples`), stored once each, for the demo
 * seeds: galleries of the demo are real files served by the store. Answers them by name.
 */
export async function sampleMedia(db: Queryable): Promise<Map<string, StoredMedia>> {
  const stored = new Map<string, StoredMedia>();
  for (const file of (await readdir(SAMPLES_DIR)).sort()) {
    const type = SAMPLE_TYPES[extname(file)];
    if (!type) continue;
    const data = await readFile(join(SAMPLES_DIR, file));
    const sha256 = createHash('sha256').update(data).digest('hex');
    const [existing] = await db.query<{ id: number }>('SELECT id FROM media WHERE sha256 = $1 AND name = $2 ORDER BY id LIMIT 1', [sha256, file]);
    stored.set(file, existing ? { id: existing.id, name: file, type, size: data.byteLength, url: mediaUrl(existing.id) } : await storeMedia(db, { name: file, type, data, by: 'seed' }));
  }
  return stored;
}
