import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationPreferencesSchema,
  notificationSettingsSchema,
  pushDeviceSchema,
  pushDevicesSchema,
  pushPublicKeySchema,
  pushSubscriptionEndpointSchema,
  pushSubscriptionInputSchema,
} from '../../contract/schemas/notifications';
import type { PushConfig } from '../config/config';
import type { Database } from '../db/client';
import { requireActor } from '../policies';
import { presentPreferences, presentPushDevice } from './notification-presenter';
import { listPushDevices } from './push/list-push-devices';
import { removePushSubscription } from './push/remove-push-subscription';
import { savePushSubscription } from './push/save-push-subscription';
import { getNotificationPreferences, updateNotificationPreferences } from './update-notification-preferences';

/**
 * Notifications (docs/decisions/0024-notifications-and-push.md), all about the
 * signed-in person only:
 * - GET/PUT /api/notifications/preferences → per kind, push and email, and whether this server sends email;
 * - GET /api/push/public-key → the VAPID public key for pushManager.subscribe;
 * - GET /api/push/subscriptions → the devices that get pushes;
 * - POST /api/push/subscriptions → 201, this browser's subscription stored or refreshed;
 * - DELETE /api/push/subscriptions `{ endpoint }` → 204, or 404 for an endpoint that is not theirs.
 */
export const notificationRoutes: FastifyPluginAsyncZod<{
  db: Database;
  push: PushConfig;
  /** Whether outgoing mail is configured (config.mail): without it the digests never go out. */
  emailAvailable: boolean;
}> = async (app, { db, push, emailAvailable }) => {
  app.get(
    '/api/notifications/preferences',
    { schema: { response: { 200: notificationSettingsSchema } } },
    async (request) => ({
      ...presentPreferences(await getNotificationPreferences(db, requireActor(request))),
      emailAvailable,
    }),
  );

  app.put(
    '/api/notifications/preferences',
    { schema: { body: notificationPreferencesSchema, response: { 200: notificationSettingsSchema } } },
    async (request) => ({
      ...presentPreferences(await updateNotificationPreferences(db, requireActor(request), request.body)),
      emailAvailable,
    }),
  );

  app.get('/api/push/public-key', { schema: { response: { 200: pushPublicKeySchema } } }, async (request) => {
    requireActor(request);
    return { publicKey: push.vapid.publicKey };
  });

  app.get('/api/push/subscriptions', { schema: { response: { 200: pushDevicesSchema } } }, async (request) =>
    (await listPushDevices(db, requireActor(request))).map(presentPushDevice),
  );

  app.post(
    '/api/push/subscriptions',
    { schema: { body: pushSubscriptionInputSchema, response: { 201: pushDeviceSchema } } },
    async (request, reply) => {
      const row = await savePushSubscription(db, requireActor(request), request.body, {
        userAgent: request.headers['user-agent'],
        extraEndpointHosts: push.extraEndpointHosts,
      });
      return reply.status(201).send(presentPushDevice(row));
    },
  );

  app.delete(
    '/api/push/subscriptions',
    { schema: { body: pushSubscriptionEndpointSchema } },
    async (request, reply) => {
      await removePushSubscription(db, requireActor(request), request.body.endpoint);
      return reply.status(204).send();
    },
  );
};
