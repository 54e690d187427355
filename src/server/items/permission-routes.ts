import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactPermissionParamsSchema,
  contactPermissionSchema,
  groupPermissionParamsSchema,
  groupPermissionSchema,
  itemIdParamsSchema,
  setContactPermissionSchema,
  setGroupPermissionSchema,
} from '../../contract/schemas/item';
import type { Database } from '../db/client';
import { requireActor } from '../policies';
import { announceItemsChanged } from './announce-items-changed';
import {
  listContactPermissions,
  listGroupPermissions,
  removeContactPermission,
  removeGroupPermission,
  setContactPermission,
  setGroupPermission,
} from './item-permissions';

/**
 * Spec §7 item permissions: the owner's "Can see" choices per registered
 * contact and per group. After each change the people it concerns hear
 * `items_changed`, so their Available Items follows without a reload.
 */
export const itemPermissionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/items/:id/permissions',
    { schema: { params: itemIdParamsSchema, response: { 200: z.array(contactPermissionSchema) } } },
    async (request) => listContactPermissions(db, requireActor(request), request.params.id),
  );

  app.get(
    '/api/items/:id/group-permissions',
    { schema: { params: itemIdParamsSchema, response: { 200: z.array(groupPermissionSchema) } } },
    async (request) => listGroupPermissions(db, requireActor(request), request.params.id),
  );

  app.post('/api/permissions', { schema: { body: setContactPermissionSchema } }, async (request, reply) => {
    const concerned = await setContactPermission(db, requireActor(request), request.body);
    await announceItemsChanged(app.liveEvents, request.log, concerned);
    return reply.status(204).send();
  });

  app.delete(
    '/api/permissions/:itemId/:contactUserId',
    { schema: { params: contactPermissionParamsSchema } },
    async (request, reply) => {
      const { itemId, contactUserId } = request.params;
      const concerned = await removeContactPermission(db, requireActor(request), itemId, contactUserId);
      await announceItemsChanged(app.liveEvents, request.log, concerned);
      return reply.status(204).send();
    },
  );

  app.post('/api/group-permissions', { schema: { body: setGroupPermissionSchema } }, async (request, reply) => {
    const concerned = await setGroupPermission(db, requireActor(request), request.body);
    await announceItemsChanged(app.liveEvents, request.log, concerned);
    return reply.status(204).send();
  });

  app.delete(
    '/api/group-permissions/:itemId/:groupId',
    { schema: { params: groupPermissionParamsSchema } },
    async (request, reply) => {
      const { itemId, groupId } = request.params;
      const concerned = await removeGroupPermission(db, requireActor(request), itemId, groupId);
      await announceItemsChanged(app.liveEvents, request.log, concerned);
      return reply.status(204).send();
    },
  );
};
