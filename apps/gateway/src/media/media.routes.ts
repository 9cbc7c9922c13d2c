import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { STAFF, wholeNumberField } from '@panel/contracts/common';
import type { GatewayDeps } from '../deps';
import { routeAccess } from '../plugins/auth';
import { parseInput } from '../validation';
import { MEDIA_MAX_BYTES, MEDIA_TYPES, readMedia, storeMedia } from './media';

const MediaIdSchema = z.object({ id: wholeNumberField('شناسه فایل نامعتبر است') });
const UploadQuerySchema = z.object({ name: z.string({ error: 'نام فایل نامعتبر است.' }).default('file') });

/**
 * Spec §7 "POST media, GET media by id". An upload is the file itself as the request body with
 * its Content-Type (`?name=` names it); staff upload, anyone signed in reads. A file never
 * changes once stored, so it is cached for a year and revalidated by its hash.
 */
export const mediaRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const { signedIn, guard } = routeAccess(tokens);
  const staff = guard(STAFF);
  // The declared types arrive as bytes; anything else is Fastify's 415 (in Persian, app.ts).
  app.addContentTypeParser([...MEDIA_TYPES], { parseAs: 'buffer', bodyLimit: MEDIA_MAX_BYTES + 1 }, (_request, body, done) => done(null, body));

  app.post('/api/media/', { ...staff, bodyLimit: MEDIA_MAX_BYTES + 1 }, async (request, reply) => {
    const { name } = parseInput(UploadQuerySchema, request.query);
    const stored = await storeMedia(db, {
      name,
      type: request.headers['content-type'] ?? '',
      data: Buffer.isBuffer(request.body) ? request.body : new Uint8Array(),
      by: request.user!.user.username,
    });
    return reply.status(201).send(stored);
  });

  app.get('/api/media/:id/', signedIn, async (request, reply) => {
    const file = await readMedia(db, parseInput(MediaIdSchema, request.params).id);
    const etag = `"${file.sha256}"`;
    reply.header('cache-control', 'private, max-age=31536000, immutable').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply
      .type(file.type)
      .header('content-length', file.data.byteLength)
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('x-content-type-options', 'nosniff')
      .send(file.data);
  });
};
