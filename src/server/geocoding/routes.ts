import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reverseGeocodeQuerySchema, reverseGeocodeSchema } from '../../contract/schemas/group';
import { LANGUAGES, type Language } from '../../contract/enums';
import { AppError } from '../http/app-error';
import { requireSession } from '../policies';
import type { Database } from '../db/client';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit';
import type { ReverseGeocoder } from './reverse-geocoder';

/**
 * Place lookups per account and hour. "Use my location" is an occasional
 * tap; the cap keeps one account from turning an external geocoder's
 * fair-use quota (Nominatim: 1 request/s) against the whole server.
 */
export const GEOCODE_LOOKUPS_PER_HOUR = 60;

function requestedLanguage(code: string | undefined): Language | undefined {
  const base = code?.toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language === base);
}

/** GET /api/geocode/reverse: a place name for the group form; on failure the client shows rounded coordinates. */
export const geocodingRoutes: FastifyPluginAsyncZod<{ db: Database; geocoder: ReverseGeocoder }> = async (
  app,
  { db, geocoder },
) => {
  app.get(
    '/api/geocode/reverse',
    { schema: { querystring: reverseGeocodeQuerySchema, response: { 200: reverseGeocodeSchema } } },
    async (request) => {
      const session = requireSession(request);
      const { latitude, longitude, language } = request.query;
      const lng = requestedLanguage(language) ?? session.user.language;
      await consumeRateLimit(db, {
        key: `geocode:${session.user.id}`,
        max: GEOCODE_LOOKUPS_PER_HOUR,
        windowSeconds: 60 * 60,
      });
      let location: string | null;
      try {
        location = await geocoder.reverse({ latitude, longitude }, lng);
      } catch (error) {
        request.log.warn({ err: error }, 'reverse geocoding failed');
        throw new AppError('geocoding_failed', 'Reverse geocoding failed');
      }
      // Nothing near (open sea): the client's rounded coordinates are the answer, not a server fault.
      if (!location) throw AppError.notFound('No place near this position', 'errors.geocoding_failed');
      return { location };
    },
  );
};
