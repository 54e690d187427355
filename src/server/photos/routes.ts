import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../contract/limits';
import { photoIdParamsSchema, photoQuerySchema, uploadedPhotoSchema } from '../../contract/schemas/item';
import type { Database } from '../db/client';
import { AppError } from '../http/app-error';
import { requireActor } from '../policies';
import { createPostgresPhotoStore, type PhotoStore } from './photo-store';
import { UPLOAD_CONTENT_TYPES } from './process-photo';
import { readPhoto } from './read-photo';
import { uploadPhoto } from './upload-photo';

/**
 * Item photos (docs/decisions/0009-items-and-photos.md): uploaded one by one
 * while the item form is open, served only to people who may see the item.
 *
 * This plugin's scope reads raw image bodies only: the JSON and text parsers
 * are removed here, so any other Content-Type is refused before its body is
 * read, and the photo route alone gets the larger body limit.
 */
export const photoRoutes: FastifyPluginAsyncZod<{ db: Database; store?: PhotoStore }> = async (app, options) => {
  const { db } = options;
  const store = options.store ?? createPostgresPhotoStore(db);

  // A signed-out upload is refused before its body (up to 5 MB) is read: the
  // session itself is checked after parsing, but without a session cookie
  // there is nothing to check.
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'POST') return;
    const hasSessionCookie = Object.keys(request.cookies).some((name) => name.endsWith('lendloop_session'));
    if (!hasSessionCookie) throw AppError.unauthenticated();
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    [...UPLOAD_CONTENT_TYPES],
    { parseAs: 'buffer', bodyLimit: LIMITS.photoUploadMaxBytes },
    (_request, body, done) => done(null, body),
  );

  // The client tells "Please select an image smaller than 5MB" and "not an
  // image" by these codes; the app-wide handler would say payload_too_large
  // and unsupported_media_type. Rethrown errors go on to that handler.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError('image_too_large', `A photo may have at most ${LIMITS.photoUploadMaxBytes} bytes`);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      throw new AppError('invalid_image_format', 'A photo must be sent as image/jpeg, image/png or image/webp');
    }
    throw error;
  });

  app.post(
    '/api/photos',
    { bodyLimit: LIMITS.photoUploadMaxBytes, schema: { response: { 201: uploadedPhotoSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      // Without a body Fastify runs no parser; any body came through the image parser.
      if (!Buffer.isBuffer(request.body)) throw new AppError('invalid_image_format', 'No image in the request');
      const photo = await uploadPhoto(db, store, actor, {
        bytes: request.body,
        contentType: request.headers['content-type'] ?? '',
      });
      return reply.status(201).send(photo);
    },
  );

  // `?size=card`: the smaller copy item cards show (docs/decisions/0009, amendment).
  app.get(
    '/api/photos/:id',
    { schema: { params: photoIdParamsSchema, querystring: photoQuerySchema } },
    async (request, reply) => {
      const actor = requireActor(request);
      // Every use revalidates, so removing someone's access hides the photo at once
      // (their next request gets 404); the ETag keeps a revalidation to a 304.
      // Set first so a 404 is not kept either: access may be given back.
      reply.header('cache-control', 'private, no-cache');
      const result = await readPhoto(db, store, actor, {
        photoId: request.params.id,
        size: request.query.size ?? 'full',
        ifNoneMatch: request.headers['if-none-match'],
      });
      reply.headers({ etag: result.photo.etag, 'x-content-type-options': 'nosniff', 'content-disposition': 'inline' });
      if (result.status === 'not-modified') return reply.status(304).send();
      return reply.type(result.photo.contentType).send(result.bytes);
    },
  );
};
