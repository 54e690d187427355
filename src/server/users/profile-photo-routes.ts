import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../contract/limits';
import { userSchema } from '../../contract/schemas/user';
import type { Database } from '../db/client';
import { AppError } from '../http/app-error';
import { UPLOAD_CONTENT_TYPES } from '../photos/process-photo';
import { requireActor } from '../policies';
import { readProfilePhoto, removeProfilePhoto, replaceProfilePhoto } from './profile-photo';
import { presentUser } from './user-presenter';

const photoOwnerParamsSchema = z.object({ userId: z.uuid() });
/** `?v=<photo id>` only makes each photo's URL unique for caches; the server does not read it. */
const photoVersionQuerySchema = z.object({ v: z.string().max(100).optional() });

/**
 * Profile photos (docs/decisions/0016-profile-photo-and-language.md). The
 * upload lives in a child scope that reads raw image bodies only, like item
 * photos (photos/routes.ts): JSON and text parsers are removed there, the
 * body limit is raised for that route alone, and body errors get the photo
 * error codes. Reading and removing stay in the normal scope.
 */
export const profilePhotoRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  await app.register(profilePhotoUploadRoute, { db });

  app.delete('/api/users/profile/photo', { schema: { response: { 200: userSchema } } }, async (request) =>
    presentUser(await removeProfilePhoto(db, requireActor(request))),
  );

  app.get(
    '/api/users/:userId/photo',
    { schema: { params: photoOwnerParamsSchema, querystring: photoVersionQuerySchema } },
    async (request, reply) => {
      const actor = requireActor(request);
      // Every use revalidates, so someone who stops being related sees the
      // photo go at their next request; the ETag keeps that to a 304. Set
      // first, so a 404 is not kept either.
      reply.header('cache-control', 'private, no-cache');
      const result = await readProfilePhoto(db, actor, {
        userId: request.params.userId,
        ifNoneMatch: request.headers['if-none-match'],
      });
      reply.headers({ etag: result.etag, 'x-content-type-options': 'nosniff', 'content-disposition': 'inline' });
      if (result.status === 'not-modified') return reply.status(304).send();
      return reply.type(result.contentType).send(result.bytes);
    },
  );
};

const profilePhotoUploadRoute: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // A signed-out upload is refused before its body (up to 5 MB) is read.
  app.addHook('onRequest', async (request) => {
    const hasSessionCookie = Object.keys(request.cookies).some((name) => name.endsWith('lendloop_session'));
    if (!hasSessionCookie) throw AppError.unauthenticated();
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    [...UPLOAD_CONTENT_TYPES],
    { parseAs: 'buffer', bodyLimit: LIMITS.photoUploadMaxBytes },
    (_request, body, done) => done(null, body),
  );

  // The same codes as item photos, so the client's messages apply as they are.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError('image_too_large', `A photo may have at most ${LIMITS.photoUploadMaxBytes} bytes`);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      throw new AppError('invalid_image_format', 'A photo must be sent as image/jpeg, image/png or image/webp');
    }
    throw error;
  });

  app.put(
    '/api/users/profile/photo',
    { bodyLimit: LIMITS.photoUploadMaxBytes, schema: { response: { 200: userSchema } } },
    async (request) => {
      const actor = requireActor(request);
      // Without a body Fastify runs no parser; any body came through the image parser.
      if (!Buffer.isBuffer(request.body)) throw new AppError('invalid_image_format', 'No image in the request');
      const user = await replaceProfilePhoto(db, actor, {
        bytes: request.body,
        contentType: request.headers['content-type'] ?? '',
      });
      return presentUser(user);
    },
  );
};
