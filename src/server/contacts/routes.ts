import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  actingUserQuerySchema,
  contactIdParamsSchema,
  contactSchema,
  createContactSchema,
  deleteContactParamsSchema,
  invitationDataSchema,
  invitationParamsSchema,
  sendInvitationSchema,
  updateContactSchema,
} from '../../contract/schemas/contact';
import type { Database } from '../db/client';
import { announceItemsChanged } from '../items/announce-items-changed';
import { ensureActingAs, requireActor } from '../policies';
import { presentContact } from './contact-presenter';
import { createContact } from './create-contact';
import { deleteContact } from './delete-contact';
import { getInvitationData, recordInvitation, type InvitationSettings } from './invitations';
import { listContacts } from './list-contacts';
import { updateContact } from './update-contact';

/** Spec §7 "Contacts": the actor's own address book, invitations included. */
export const contactRoutes: FastifyPluginAsyncZod<{ db: Database; invitations: InvitationSettings }> = async (
  app,
  { db, invitations },
) => {
  app.get('/api/contacts', { schema: { response: { 200: z.array(contactSchema) } } }, async (request) => {
    const rows = await listContacts(db, requireActor(request));
    return rows.map(presentContact);
  });

  app.post(
    '/api/contacts',
    { schema: { body: createContactSchema, response: { 201: contactSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const { userId, ...input } = request.body;
      ensureActingAs(actor, userId);
      const row = await createContact(db, actor, input);
      return reply.status(201).send(presentContact(row));
    },
  );

  app.put(
    '/api/contacts/:id',
    { schema: { params: contactIdParamsSchema, body: updateContactSchema, response: { 200: contactSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const { userId, ...changes } = request.body;
      ensureActingAs(actor, userId);
      return presentContact(await updateContact(db, actor, request.params.id, changes));
    },
  );

  app.delete(
    '/api/contacts/:userId/:contactId',
    { schema: { params: deleteContactParamsSchema } },
    async (request, reply) => {
      const actor = requireActor(request);
      ensureActingAs(actor, request.params.userId);
      const lostSight = await deleteContact(db, actor, request.params.contactId);
      // They no longer see what was shared with them as a contact.
      if (lostSight) await announceItemsChanged(app.liveEvents, request.log, [lostSight]);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/contacts/invitation/:contactId',
    {
      schema: {
        params: invitationParamsSchema,
        querystring: actingUserQuerySchema,
        response: { 200: invitationDataSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      ensureActingAs(actor, request.query.userId);
      return getInvitationData(db, actor, request.params.contactId, invitations);
    },
  );

  app.post(
    '/api/contacts/invite',
    { schema: { body: sendInvitationSchema, response: { 200: contactSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const { userId, contactId, invitationMethod } = request.body;
      ensureActingAs(actor, userId);
      return presentContact(await recordInvitation(db, actor, contactId, invitationMethod));
    },
  );
};
