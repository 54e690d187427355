import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userSchema } from '../../contract/schemas/user';
import type { Database } from '../db/client';
import { AppError } from '../http/app-error';
import { RAW_IMAGE_BODY_LIMIT, RAW_IMAGE_CONSUMES, registerRawImageBody } from '../photos/raw-image-body';
import { requireActor, requireSession } from '../policies';
import { readProfilePhoto, removeProfilePhoto, replaceProfilePhoto } from './profile-photo';
import { presentUser } from './user-presenter';

const photoOwnerParamsSchema = z.object({ userId: z.uuid() });
/** `?v=<photo id>` only makes each photo's URL unique for caches; the server does not read it. */
const photoVersionQuerySchema = z.object({ v: z.string().max(100).optional() });

/**
 * Profile photos (docs/decisions/0016-profile-photo-and-language.md). The
 * upload lives in a child scope that reads raw image bodies only, like item
 * photos (photos/raw-image-body.ts): the body limit is raised for that route
 * alone, and body errors get the photo error codes. Reading and removing
 * stay in the normal scope.
 */
export const profilePhotoRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  await app.register(profilePhotoUploadRoute, { db });

  app.delete(
    '/api/users/profile/photo',
    { config: { changesAccount: true }, schema: { response: { 200: userSchema } } },
    async (request) => presentUser(await removeProfilePhoto(db, requireActor(request)), requireSession(request)),
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
  registerRawImageBody(app, ['PUT']);

  app.put(
    '/api/users/profile/photo',
    {
      bodyLimit: RAW_IMAGE_BODY_LIMIT,
      config: { changesAccount: true },
      schema: { consumes: RAW_IMAGE_CONSUMES, response: { 200: userSchema } },
    },
    async (request) => {
      const actor = requireActor(request);
      // Without a body Fastify runs no parser; any body came through the image parser.
      if (!Buffer.isBuffer(request.body)) throw new AppError('invalid_image_format', 'No image in the request');
      const user = await replaceProfilePhoto(db, actor, {
        bytes: request.body,
        contentType: request.headers['content-type'] ?? '',
      });
      return presentUser(user, requireSession(request));
    },
  );
};
