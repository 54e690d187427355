import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyzeAndCreateSchema, createdFromPhotoSchema } from '../../contract/schemas/item-creation';
import type { Database } from '../db/client';
import { AppError } from '../http/app-error';
import { presentOwnItem } from '../items/item-presenter';
import type { PhotoStore } from '../photos/photo-store';
import { requireActor } from '../policies';
import { createAnalysisQueue } from './analysis-queue';
import { createItemFromPhoto } from './create-item-from-photo';
import type { ItemAnalyzer } from './item-analyzer';

/**
 * Two JPEG data URLs in JSON: the client's 512 px and 1024 px copies are
 * about 0.1 and 0.5 MB, base64 adds a third. 6 MB leaves room for a detailed
 * photo and still refuses anything that is not a reduced copy.
 */
export const ANALYZE_BODY_LIMIT = 6 * 1024 * 1024;

/**
 * Creating an item from a photo (spec §7 POST /api/items/analyze-and-create,
 * docs/decisions/0020). The analyzer is closed with the app (its workers).
 */
export const itemAnalysisRoutes: FastifyPluginAsyncZod<{
  db: Database;
  analyzer: ItemAnalyzer;
  store: PhotoStore;
}> = async (app, options) => {
  const { db, analyzer, store } = options;
  // One per instance: fairness and bounds hold within an instance (docs/decisions/0041).
  const queue = createAnalysisQueue(analyzer);
  app.addHook('onClose', () => analyzer.close());

  // Without a session cookie there is nobody to check: refuse before reading up to 6 MB.
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'POST') return;
    const hasSessionCookie = Object.keys(request.cookies).some((name) => name.endsWith('lendloop_session'));
    if (!hasSessionCookie) throw AppError.unauthenticated();
  });
  // The client says "Please select a smaller image" for this code; the app-wide handler would say payload_too_large.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError('image_too_large', `The photos may have at most ${ANALYZE_BODY_LIMIT} bytes together`);
    }
    throw error;
  });

  app.post(
    '/api/items/analyze-and-create',
    {
      bodyLimit: ANALYZE_BODY_LIMIT,
      schema: { body: analyzeAndCreateSchema, response: { 201: createdFromPhotoSchema } },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      // The analysis stops when the client goes away (closed the dialog, lost the connection).
      const abandoned = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) abandoned.abort(new Error('The client closed the connection'));
      };
      reply.raw.once('close', onClose);
      try {
        const { row, analysis } = await createItemFromPhoto(
          db,
          { store, analyzer, queue },
          actor,
          {
            aiImage: decodeJpegDataUrl(request.body.aiImage),
            displayImage: decodeJpegDataUrl(request.body.displayImage),
            language: request.body.language,
          },
          abandoned.signal,
        );
        return reply.status(201).send({ item: presentOwnItem(row), analysis });
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );
};

/** The bytes of a data URL the contract has already checked (`data:image/jpeg;base64,…`). */
function decodeJpegDataUrl(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}
