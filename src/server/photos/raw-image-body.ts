import type { FastifyError, FastifyInstance } from 'fastify';
import { LIMITS } from '../../contract/limits';
import { AppError } from '../http/app-error';
import { UPLOAD_CONTENT_TYPES } from './process-photo';

/** The body limit an image upload route passes as its own `bodyLimit`. */
export const RAW_IMAGE_BODY_LIMIT = LIMITS.photoUploadMaxBytes;

/**
 * What an image upload route declares in its schema besides its response:
 * the image types it takes, which the API reference shows as a binary body
 * (openapi/api-reference.ts). Fastify itself does not read `consumes`.
 */
export const RAW_IMAGE_CONSUMES = UPLOAD_CONTENT_TYPES;

/**
 * Makes the plugin scope `app` read raw image bodies only (item photos and
 * profile photos): the JSON and text parsers are removed, so any other
 * Content-Type is refused before its body is read, and an image may be up
 * to the photo limit. Register it inside the upload's own plugin.
 *
 * `uploadMethods`: the methods of the scope that carry an image; a
 * signed-out request with one of them is refused before its body (up to
 * 5 MB) is read. The session itself is checked after parsing, but without a
 * session cookie there is nothing to check.
 */
export function registerRawImageBody(app: FastifyInstance, uploadMethods: readonly string[]): void {
  app.addHook('onRequest', async (request) => {
    if (!uploadMethods.includes(request.method)) return;
    const hasSessionCookie = Object.keys(request.cookies).some((name) => name.endsWith('lendloop_session'));
    if (!hasSessionCookie) throw AppError.unauthenticated();
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    [...UPLOAD_CONTENT_TYPES],
    { parseAs: 'buffer', bodyLimit: RAW_IMAGE_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  // The client tells "Please select an image smaller than 5MB" and "not an
  // image" by these codes; the app-wide handler would say payload_too_large
  // and unsupported_media_type. Rethrown errors go on to that handler.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError('image_too_large', `A photo may have at most ${RAW_IMAGE_BODY_LIMIT} bytes`);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      throw new AppError('invalid_image_format', 'A photo must be sent as image/jpeg, image/png or image/webp');
    }
    throw error;
  });
}
