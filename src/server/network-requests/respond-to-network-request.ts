import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { respondToNetworkRequestSchema } from '../../contract/schemas/network-request';
import type { DbOrTx, Database } from '../db/client';
import {
  contacts,
  itemContactPermissions,
  items,
  messages,
  networkRequestMatches,
  networkRequestResponses,
  networkRequests,
  users,
} from '../db/schema';
import { blockBetween } from '../relations/block-sql';
import { lockAddressBook } from '../contacts/address-book-lock';
import { announceAfterCommit, backgroundAnnounceLog, type AnnounceLog } from '../events/announce-after-commit';
import type { LiveEventBus } from '../events/live-event-bus';
import { AppError } from '../http/app-error';
import { announceMessages } from '../message-writer/announce-messages';
import { writeMessages, type NewMessage } from '../message-writer/write-messages';
import { authorize, type Actor } from '../policies';

type ResponseValues = z.output<typeof respondToNetworkRequestSchema>;

export interface NetworkRequestAnswer {
  id: string;
  response: ResponseValues['response'];
  itemId: string | null;
}

/** The English sentence stored with the system message; readers see `network_item_added` in their language. */
export function itemAddedText(responderName: string, itemName: string): string {
  return `${responderName} added ${itemName} to help you`;
}

/**
 * POST /api/network-requests/{messageId}/respond, by the person the
 * network_request message reached (anyone else, or across a block either
 * way since it reached them: 404, docs/decisions/0018). One answer per person
 * and request: the unique index decides, so a double tap on "Add Item to
 * Help" creates one item and the second tap gets 409.
 *
 * - add_to_items: quick-add item (category other, status available), the
 *   requester made one of the responder's registered contacts if they are
 *   not yet, "Can see" ticked for them (the visibility rule of decision 0009
 *   stays the only way to see an item), and a system message telling them.
 * - have_it: a user message with the responder's words, which are required:
 *   the requester must learn how to get the thing, and the server does not
 *   write text in the responder's name. With `itemId`, one of the
 *   responder's items the request matched ("you may have this", ADR 0028;
 *   any other item is 404): the answer records it, and the client offers a
 *   sentence in the responder's language so it takes one tap.
 * - decline: recorded only.
 *
 * All in one transaction; the messages are announced after it committed,
 * and a quick-added item as `items_changed` to the requester, so their
 * Available Items shows it without a reload.
 */
export async function respondToNetworkRequest(
  db: Database,
  bus: LiveEventBus,
  actor: Actor,
  messageId: string,
  input: ResponseValues,
  log: AnnounceLog = backgroundAnnounceLog,
): Promise<NetworkRequestAnswer> {
  const [target] = await db
    .select({
      receiverId: messages.receiverId,
      messageType: messages.messageType,
      networkRequestId: messages.networkRequestId,
      requesterId: networkRequests.requesterId,
      requesterName: users.name,
      responderName: sql<string>`(SELECT u.name FROM ${users} u WHERE u.id = ${actor.id})`,
      blockBetween: sql<boolean>`${blockBetween(actor.id, sql`${networkRequests.requesterId}`)}`,
    })
    .from(messages)
    .innerJoin(networkRequests, eq(networkRequests.id, messages.networkRequestId))
    .innerJoin(users, eq(users.id, networkRequests.requesterId))
    .where(eq(messages.id, messageId));
  if (!target) throw AppError.notFound('No such network request');
  authorize(actor, 'networkRequest:respond', target, { hideAs404: true });
  if (input.response === 'have_it' && input.message === null) {
    throw AppError.invalid('A message is required', 'errors.invalid_input', [
      { path: 'message', messageKey: 'validation.messageRequired' },
    ]);
  }
  const { networkRequestId } = target;
  // The policy refused a message without a request already; this narrows the type.
  if (networkRequestId === null) throw AppError.notFound('No such network request');
  const offeredItemId = input.itemId ?? null;
  if (offeredItemId !== null && !(await isMatchOf(db, networkRequestId, offeredItemId, actor.id))) {
    throw AppError.notFound('No such item');
  }

  const { answer, posted } = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(networkRequestResponses)
      .values({ networkRequestId, responderId: actor.id, response: input.response, message: input.message })
      .onConflictDoNothing({ target: [networkRequestResponses.networkRequestId, networkRequestResponses.responderId] })
      .returning({ id: networkRequestResponses.id });
    if (!claimed) throw new AppError('network_request_answered', 'You have already answered this request');

    const toRequester = { senderId: actor.id, receiverId: target.requesterId, networkRequestId };
    let itemId: string | null = offeredItemId;
    const outgoing: NewMessage[] = [];
    if (input.response === 'add_to_items' && input.item) {
      itemId = await addItemForRequester(tx, actor, input.item, target);
      await tx.update(networkRequestResponses).set({ itemId }).where(eq(networkRequestResponses.id, claimed.id));
      outgoing.push({
        ...toRequester,
        content: itemAddedText(target.responderName, input.item.name),
        messageType: 'system',
        systemEvent: 'network_item_added',
      });
    } else if (input.response === 'have_it' && input.message !== null) {
      if (offeredItemId !== null) {
        await tx
          .update(networkRequestResponses)
          .set({ itemId: offeredItemId })
          .where(eq(networkRequestResponses.id, claimed.id));
      }
      outgoing.push({ ...toRequester, content: input.message, messageType: 'user' });
    }
    const posted = await writeMessages(tx, outgoing);
    return { answer: { id: claimed.id, response: input.response, itemId }, posted };
  });
  const itemShared =
    answer.itemId && input.response === 'add_to_items'
      ? [{ userIds: [target.requesterId], event: { type: 'items_changed' } as const }]
      : [];
  await announceAfterCommit(log, () => announceMessages(db, bus, posted, itemShared), { networkRequestId });
  return answer;
}

/**
 * Quick-add (spec §9: category other, status available) shared with the
 * requester: they become one of the responder's registered contacts when
 * they are not yet (active and linked, only their name copied, as
 * POST /api/contacts does), under the address-book lock.
 */
async function addItemForRequester(
  tx: DbOrTx,
  actor: Actor,
  item: NonNullable<ResponseValues['item']>,
  requester: { requesterId: string; requesterName: string },
): Promise<string> {
  const [created] = await tx
    .insert(items)
    .values({
      ownerId: actor.id,
      name: item.name,
      description: item.description,
      category: 'other',
      status: 'available',
    })
    .returning({ id: items.id });
  if (!created) throw new Error('The new item was not returned');

  await lockAddressBook(tx, actor.id);
  await tx
    .insert(contacts)
    .values({ userId: actor.id, contactUserId: requester.requesterId, name: requester.requesterName, status: 'active' })
    .onConflictDoNothing({ target: [contacts.userId, contacts.contactUserId] });
  await tx
    .insert(itemContactPermissions)
    .values({ itemId: created.id, contactUserId: requester.requesterId, canView: true });
  return created.id;
}

/** Whether the item is one of the responder's matches for the request: only those can be offered in one tap. */
async function isMatchOf(db: DbOrTx, networkRequestId: string, itemId: string, ownerId: string): Promise<boolean> {
  const [match] = await db
    .select({ itemId: networkRequestMatches.itemId })
    .from(networkRequestMatches)
    .where(
      and(
        eq(networkRequestMatches.networkRequestId, networkRequestId),
        eq(networkRequestMatches.itemId, itemId),
        eq(networkRequestMatches.ownerId, ownerId),
      ),
    );
  return match !== undefined;
}
