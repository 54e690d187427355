import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reverseGeocodeQuerySchema, reverseGeocodeSchema } from '../../contract/schemas/group';
import { LANGUAGES, type Language } from '../../contract/enums';
import { AppError } from '../http/app-error';
import { requireSession } from '../policies';
import type { ReverseGeocoder } from './reverse-geocoder';

function requestedLanguage(code: string | undefined): Language | undefined {
  const base = code?.toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language === base);
}

/** GET /api/geocode/reverse: a place name for the group form; on failure the client shows rounded coordinates. */
export const geocodingRoutes: FastifyPluginAsyncZod<{ geocoder: ReverseGeocoder }> = async (app, { geocoder }) => {
  app.get(
    '/api/geocode/reverse',
    { schema: { querystring: reverseGeocodeQuerySchema, response: { 200: reverseGeocodeSchema } } },
    async (request) => {
      const session = requireSession(request);
      const { latitude, longitude, language } = request.query;
      const lng = requestedLanguage(language) ?? session.user.language;
      let location: string | null;
      try {
        location = await geocoder.reverse({ latitude, longitude }, lng);
      } catch (error) {
        request.log.warn({ err: error }, 'reverse geocoding failed');
        throw new AppError('geocoding_failed', 'Reverse geocoding failed');
      }
      if (!location) throw new AppError('geocoding_failed', 'No place near this position');
      return { location };
    },
  );
};
