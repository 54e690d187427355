import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { photoIdParamsSchema, photoQuerySchema, uploadedPhotoSchema } from '../../contract/schemas/item';
import type { Database } from '../db/client';
import { AppError } from '../http/app-error';
import { requireActor } from '../policies';
import type { PhotoStore } from './photo-store';
import { RAW_IMAGE_BODY_LIMIT, RAW_IMAGE_CONSUMES, registerRawImageBody } from './raw-image-body';
import { readPhoto } from './read-photo';
import { uploadPhoto } from './upload-photo';

/**
 * Item photos (docs/decisions/0009-items-and-photos.md): uploaded one by one
 * while the item form is open, served only to people who may see the item.
 *
 * This plugin's scope reads raw image bodies only (raw-image-body.ts), and
 * the photo route alone gets the larger body limit.
 */
export const photoRoutes: FastifyPluginAsyncZod<{ db: Database; store: PhotoStore }> = async (app, options) => {
  const { db, store } = options;

  registerRawImageBody(app, ['POST']);

  app.post(
    '/api/photos',
    {
      bodyLimit: RAW_IMAGE_BODY_LIMIT,
      schema: { consumes: RAW_IMAGE_CONSUMES, response: { 201: uploadedPhotoSchema } },
    },
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
