import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createGroupSchema,
  createJoinRequestSchema,
  decideJoinRequestSchema,
  discoverGroupsQuerySchema,
  groupCodeParamsSchema,
  groupDetailsSchema,
  groupIdParamsSchema,
  groupMemberParamsSchema,
  groupSchema,
  groupSearchQuerySchema,
  joinRequestParamsSchema,
  joinRequestSchema,
  transferAdminSchema,
  updateGroupSchema,
  userGroupsParamsSchema,
} from '../../contract/schemas/group';
import { LIMITS } from '../../contract/limits';
import type { Database } from '../db/client';
import { announceItemsChanged } from '../items/announce-items-changed';
import { ensureActingAs, requireActor } from '../policies';
import { createGroup } from './create-group';
import { deleteGroup } from './delete-group';
import { getGroupDetails } from './group-details';
import { presentGroup, presentGroupDetails, presentJoinRequest } from './group-presenter';
import { createJoinRequest, decideJoinRequest, listJoinRequests } from './join-requests';
import { discoverGroups, findGroupByCode, listUserGroups, searchGroups } from './list-groups';
import { removeMember, transferAdmin } from './membership';
import { updateGroup } from './update-group';

const groupList = { 200: z.array(groupSchema) };

/** Spec §7 "Groups". Every use case authorizes through the policy module. */
export const groupRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/groups',
    { schema: { body: createGroupSchema, response: { 201: groupSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const row = await createGroup(db, actor, request.body);
      return reply.status(201).send(presentGroup(row, actor.id));
    },
  );

  app.get(
    '/api/groups/user/:userId',
    { schema: { params: userGroupsParamsSchema, response: groupList } },
    async (request) => {
      const actor = requireActor(request);
      ensureActingAs(actor, request.params.userId);
      return (await listUserGroups(db, actor)).map((row) => presentGroup(row, actor.id));
    },
  );

  app.get(
    '/api/groups/discover',
    { schema: { querystring: discoverGroupsQuerySchema, response: groupList } },
    async (request) => {
      const actor = requireActor(request);
      const { latitude, longitude, radius } = request.query;
      const position = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : undefined;
      const rows = await discoverGroups(db, actor, { position, radiusKm: radius ?? LIMITS.radiusKmDefault });
      return rows.map((row) => presentGroup(row, actor.id));
    },
  );

  app.get(
    '/api/groups/search',
    { schema: { querystring: groupSearchQuerySchema, response: groupList } },
    async (request) => {
      const actor = requireActor(request);
      return (await searchGroups(db, actor, request.query.q)).map((row) => presentGroup(row, actor.id));
    },
  );

  app.get(
    '/api/groups/code/:code',
    { schema: { params: groupCodeParamsSchema, response: { 200: groupSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const row = await findGroupByCode(db, actor, request.params.code);
      // Whoever holds the code may see it (it is how they found the group).
      return { ...presentGroup(row, actor.id), groupCode: row.group.groupCode };
    },
  );

  app.get(
    '/api/groups/:id',
    { schema: { params: groupIdParamsSchema, response: { 200: groupDetailsSchema } } },
    async (request) => {
      const actor = requireActor(request);
      return presentGroupDetails(await getGroupDetails(db, actor, request.params.id), actor.id);
    },
  );

  app.put(
    '/api/groups/:id',
    { schema: { params: groupIdParamsSchema, body: updateGroupSchema, response: { 200: groupSchema } } },
    async (request) => {
      const actor = requireActor(request);
      return presentGroup(await updateGroup(db, actor, request.params.id, request.body), actor.id);
    },
  );

  app.delete('/api/groups/:id', { schema: { params: groupIdParamsSchema } }, async (request, reply) => {
    await deleteGroup(db, requireActor(request), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/api/groups/:id/join-requests',
    { schema: { params: groupIdParamsSchema, body: createJoinRequestSchema, response: { 201: joinRequestSchema } } },
    async (request, reply) => {
      const created = await createJoinRequest(db, requireActor(request), request.params.id, request.body);
      return reply.status(201).send(presentJoinRequest(created));
    },
  );

  app.get(
    '/api/groups/:id/join-requests',
    { schema: { params: groupIdParamsSchema, response: { 200: z.array(joinRequestSchema) } } },
    async (request) => (await listJoinRequests(db, requireActor(request), request.params.id)).map(presentJoinRequest),
  );

  for (const decision of ['approve', 'deny'] as const) {
    app.put(
      `/api/groups/join-requests/:requestId/${decision}`,
      {
        schema: {
          params: joinRequestParamsSchema,
          body: decideJoinRequestSchema,
          response: { 200: joinRequestSchema },
        },
      },
      async (request) => {
        const { requestId } = request.params;
        const decided = await decideJoinRequest(
          db,
          requireActor(request),
          requestId,
          decision,
          request.body.adminResponse,
        );
        return presentJoinRequest(decided);
      },
    );
  }

  app.delete(
    '/api/groups/:id/members/:userId',
    { schema: { params: groupMemberParamsSchema } },
    async (request, reply) => {
      await removeMember(db, requireActor(request), request.params.id, request.params.userId);
      // The person who left or was removed no longer sees what the group shares.
      await announceItemsChanged(app.liveEvents, request.log, [request.params.userId]);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/groups/:id/transfer-admin',
    { schema: { params: groupIdParamsSchema, body: transferAdminSchema, response: { 200: groupDetailsSchema } } },
    async (request) => {
      const actor = requireActor(request);
      await transferAdmin(db, actor, request.params.id, request.body.newAdminId);
      return presentGroupDetails(await getGroupDetails(db, actor, request.params.id), actor.id);
    },
  );
};
