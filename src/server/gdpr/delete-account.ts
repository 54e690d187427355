import { and, eq, inArray, isNotNull, isNull, like, sql } from 'drizzle-orm';
import type { SystemEvent } from '../../contract/schemas/messages';
import type { Database, DbOrTx } from '../db/client';
import {
  contacts,
  groupMembers,
  groups,
  idpAccounts,
  itemContactPermissions,
  itemGroupPermissions,
  items,
  lendingRequests,
  messages,
  networkRequestResponses,
  networkRequests,
  notifications,
  rateLimitCounters,
  sessions,
  users,
} from '../db/schema';
import { announceAfterCommit, type AnnounceLog } from '../events/announce-after-commit';
import type { LiveEventBus, LiveEventDelivery } from '../events/live-event-bus';
import { AppError } from '../http/app-error';
import { announceMessages } from '../message-writer/announce-messages';
import { writeMessages, type NewMessage, type PostedMessage } from '../message-writer/write-messages';
import { authorize, type Actor } from '../policies';
import { insertStandIn } from './deleted-account';
import { keepLoanRecords } from './keep-loan-records';

/** What a deletion changed for others, for the live events after commit. */
export interface AccountDeletion {
  standInId: string;
  posted: PostedMessage[];
  /** Requests whose status or requester changed, with the person who still sees them. */
  changedRequests: { id: string; itemId: string; otherPartyId: string }[];
  /** People who could see one of the deleted items. */
  itemViewerIds: string[];
}

/** The English sentences stored with the notices (exports, old clients); readers see the event in their language. */
const NOTICE_TEXT: Record<Extract<SystemEvent, `${string}_account_deleted`>, (item: string) => string> = {
  requester_account_deleted: (item) =>
    `The person who asked for “${item}” deleted their account, so the request was closed.`,
  borrower_account_deleted: (item) =>
    `The person borrowing “${item}” deleted their account. Mark it returned when you get it back.`,
  owner_account_deleted: (item) => `The owner of “${item}” deleted their account, so the request was closed.`,
};

/** Where SQL puts the item's name into the sentence below. */
const ITEM_SLOT = '{{item}}';

/**
 * The English sentence that replaces "<name> added <item> to help you"
 * (network-requests/respond-to-network-request.ts) when its sender deletes
 * their account: the stored text must not keep the name. Every other system
 * sentence the server writes names items only.
 */
export function itemAddedByDeletedAccountText(itemName: string | null): string {
  return `A deleted account added ${itemName ?? 'an item'} to help you`;
}

/**
 * DELETE /api/gdpr/delete-account/{userId}: the rules of
 * docs/decisions/0015-account-deletion.md, in one transaction. What other
 * people keep (messages, loans of their items) moves to an anonymous
 * stand-in; the rest goes with the users row by cascade.
 *
 * Kept in PostgreSQL too: the loans of the items that go keep their names via items_keep_name_in_loans (drizzle/0014_loan_history.sql); see docs/database-rules.md.
 */
export async function deleteAccount(
  db: Database,
  actor: Actor,
  userId: string,
  /** The built-in sign-in provider's issuer, when it runs: the person's account there goes too (docs/decisions/0051). */
  builtinIssuer: string | null = null,
): Promise<AccountDeletion> {
  authorize(actor, 'account:delete', { id: userId });
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!person) throw AppError.notFound();
    // Every group the person is in, in one fixed order: a concurrent admin
    // transfer to them (or a leave) waits, so no group can end up
    // administered by a deleted account (groups.admin_id is RESTRICT).
    await tx
      .select({ id: groups.id })
      .from(groups)
      .where(
        inArray(
          groups.id,
          tx.select({ id: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, userId)),
        ),
      )
      .orderBy(groups.id)
      .for('update');

    const now = new Date();
    const standIn = await insertStandIn(tx, now);
    const itemViewerIds = await selectViewersOfItemsOf(tx, userId);
    const notices: NewMessage[] = [];
    const changedRequests = await endOwnRequests(tx, userId, standIn.id, now, notices);
    changedRequests.push(...(await noticeRequestsOnOwnItems(tx, userId, standIn.id, notices)));
    await keepLoanRecords(tx, userId, standIn.id);
    await moveMessages(tx, userId, standIn.id);
    const posted = await writeMessages(tx, notices);
    await handOverGroups(tx, userId, now);
    await tx
      .update(contacts)
      .set({
        status: 'pending',
        contactUserId: null,
        invitationMethod: null,
        invitedAt: null,
        invitationTokenHash: null,
        invitationSeed: null,
        invitationExpiresAt: null,
        updatedAt: now,
      })
      .where(eq(contacts.contactUserId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    // Per-account budgets are keyed `<limit>:<userId>` (rate-limits/): the id goes with the account.
    await tx.delete(rateLimitCounters).where(like(rateLimitCounters.key, `%:${userId}`));
    // Other people's notifications about this person quote their name (docs/decisions/0024): they go too.
    await tx.delete(notifications).where(sql`${notifications.payload}->>'partnerId' = ${userId}`);
    // The rest cascades: items with photos, shares and requests; contacts,
    // memberships, join requests, network requests and answers, feedback,
    // login history, profile photo, push devices, notification preferences and notifications.
    if (builtinIssuer) await deleteBuiltinSignInAccount(tx, userId, builtinIssuer);
    await tx.delete(users).where(eq(users.id, userId));
    return { standInId: standIn.id, posted, changedRequests, itemViewerIds };
  });
}

/**
 * The built-in provider's account the person signed in with: their name,
 * email address and passkeys (cascade). It belongs to the provider, but here
 * the provider is this server, so it goes with the person.
 */
async function deleteBuiltinSignInAccount(tx: DbOrTx, userId: string, builtinIssuer: string): Promise<void> {
  await tx
    .delete(idpAccounts)
    .where(
      sql`${idpAccounts.id}::text = (SELECT ${users.subject} FROM ${users} WHERE ${users.id} = ${userId} AND ${users.issuer} = ${builtinIssuer})`,
    );
}

/**
 * The person's own requests on other people's items move to the stand-in.
 * Pending and accepted ones end (withdrawn); a borrowed one stays borrowed,
 * since the item is still with them, and its owner marks it returned as
 * usual. Owners of open requests are told.
 */
async function endOwnRequests(tx: DbOrTx, userId: string, standInId: string, now: Date, notices: NewMessage[]) {
  // Lending steps lock the item, then the request: the same order here.
  await tx
    .select({ id: items.id })
    .from(items)
    .where(
      inArray(
        items.id,
        tx.select({ id: lendingRequests.itemId }).from(lendingRequests).where(eq(lendingRequests.requesterId, userId)),
      ),
    )
    .orderBy(items.id)
    .for('update');
  const open = await tx
    .select({
      id: lendingRequests.id,
      // From the joined row: open requests always have their item.
      itemId: items.id,
      ownerId: lendingRequests.ownerId,
      status: lendingRequests.status,
      itemName: items.name,
    })
    .from(lendingRequests)
    .innerJoin(items, eq(items.id, lendingRequests.itemId))
    .where(
      and(
        eq(lendingRequests.requesterId, userId),
        inArray(lendingRequests.status, ['pending', 'accepted', 'borrowed']),
      ),
    )
    .for('update', { of: lendingRequests });
  await tx
    .update(lendingRequests)
    .set({ status: 'withdrawn', updatedAt: now })
    .where(and(eq(lendingRequests.requesterId, userId), inArray(lendingRequests.status, ['pending', 'accepted'])));
  await tx.update(lendingRequests).set({ requesterId: standInId }).where(eq(lendingRequests.requesterId, userId));
  for (const request of open) {
    const event = request.status === 'borrowed' ? 'borrower_account_deleted' : 'requester_account_deleted';
    notices.push(notice(standInId, request.ownerId, event, request.itemName, request.id));
  }
  return open.map((r) => ({ id: r.id, itemId: r.itemId, otherPartyId: r.ownerId }));
}

/**
 * Open requests on the person's items end with the items: each requester is
 * told (unless they are a stand-in themselves). The notice keeps the item's
 * name, because item and request are gone when it is read.
 */
async function noticeRequestsOnOwnItems(tx: DbOrTx, userId: string, standInId: string, notices: NewMessage[]) {
  const open = await tx
    .select({
      id: lendingRequests.id,
      itemId: items.id,
      // A loan recorded for someone without an account has nobody to tell (the inner join leaves it out).
      requesterId: users.id,
      itemName: items.name,
    })
    .from(lendingRequests)
    .innerJoin(items, eq(items.id, lendingRequests.itemId))
    .innerJoin(users, eq(users.id, lendingRequests.requesterId))
    .where(
      and(
        eq(lendingRequests.ownerId, userId),
        inArray(lendingRequests.status, ['pending', 'accepted', 'borrowed']),
        isNull(users.deletedAt),
      ),
    );
  for (const request of open) {
    notices.push(notice(standInId, request.requesterId, 'owner_account_deleted', request.itemName, null));
  }
  // Loans that came back are the borrowers' history too (issue 19): they pass to the stand-in and outlive the
  // items (item_name keeps the name). The rest goes with the users row (owner_id cascades), as the notices say.
  await tx
    .update(lendingRequests)
    .set({ ownerId: standInId })
    .where(
      and(
        eq(lendingRequests.ownerId, userId),
        eq(lendingRequests.status, 'returned'),
        isNotNull(lendingRequests.requesterId),
      ),
    );
  return open.map((r) => ({ id: r.id, itemId: r.itemId, otherPartyId: r.requesterId }));
}

function notice(
  from: string,
  to: string,
  event: keyof typeof NOTICE_TEXT,
  itemName: string,
  requestId: string | null,
): NewMessage {
  return {
    senderId: from,
    receiverId: to,
    content: NOTICE_TEXT[event](itemName),
    messageType: 'system',
    systemEvent: event,
    systemItemName: itemName,
    lendingRequestId: requestId,
  };
}

/**
 * Messages the person exchanged move to the stand-in, so the other side keeps
 * them. Messages about their items and network requests keep the name they
 * showed, since the request goes with the account. A system sentence that
 * names the person (a quick-add answer) is rewritten without the name.
 * Messages with another stand-in have no reader left, so they go.
 */
async function moveMessages(tx: DbOrTx, userId: string, standInId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE ${messages} m SET system_item_name = i.name
      FROM ${lendingRequests} lr JOIN ${items} i ON i.id = lr.item_id
     WHERE m.lending_request_id = lr.id AND lr.owner_id = ${userId} AND m.system_item_name IS NULL`);
  await tx.execute(sql`
    UPDATE ${messages} m SET system_item_name = nr.title
      FROM ${networkRequests} nr
     WHERE m.network_request_id = nr.id AND nr.requester_id = ${userId} AND m.system_item_name IS NULL`);
  // The sentence of a quick-add answer embeds the responder's name; the item
  // is still there (it goes with the account below), so the new text names it.
  await tx
    .update(messages)
    .set({
      content: sql`coalesce(
        (SELECT replace(${itemAddedByDeletedAccountText(ITEM_SLOT)}, ${ITEM_SLOT}, i.name)
           FROM ${networkRequestResponses} r JOIN ${items} i ON i.id = r.item_id
          WHERE r.network_request_id = ${messages.networkRequestId} AND r.responder_id = ${userId}),
        ${itemAddedByDeletedAccountText(null)})`,
    })
    .where(
      and(
        eq(messages.senderId, userId),
        eq(messages.messageType, 'system'),
        eq(messages.systemEvent, 'network_item_added'),
      ),
    );
  await tx.execute(sql`
    DELETE FROM ${messages} m USING ${users} u
     WHERE u.deleted_at IS NOT NULL
       AND ((m.sender_id = ${userId} AND m.receiver_id = u.id) OR (m.receiver_id = ${userId} AND m.sender_id = u.id))`);
  await tx.update(messages).set({ senderId: standInId }).where(eq(messages.senderId, userId));
  await tx.update(messages).set({ receiverId: standInId }).where(eq(messages.receiverId, userId));
}

/**
 * Groups the person administers pass to their longest-standing other member;
 * a group with nobody else in it is deleted (its shares and join requests
 * with it).
 */
async function handOverGroups(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  const successors = await tx.execute<{ group_id: string; user_id: string }>(sql`
    WITH successor AS (
      SELECT DISTINCT ON (gm.group_id) gm.group_id, gm.user_id
        FROM ${groupMembers} gm JOIN ${groups} g ON g.id = gm.group_id
       WHERE g.admin_id = ${userId} AND gm.user_id <> ${userId}
       ORDER BY gm.group_id, gm.joined_at, gm.id
    )
    UPDATE ${groups} g SET admin_id = successor.user_id, updated_at = ${now}
      FROM successor WHERE g.id = successor.group_id
    RETURNING g.id AS group_id, g.admin_id AS user_id`);
  for (const { group_id: groupId, user_id: newAdminId } of successors.rows) {
    await tx
      .update(groupMembers)
      .set({ role: 'admin' })
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, newAdminId)));
  }
  await tx.delete(groups).where(eq(groups.adminId, userId));
}

/** Everyone but the owner who could see one of the person's items (they refetch their lists). */
async function selectViewersOfItemsOf(tx: DbOrTx, userId: string): Promise<string[]> {
  const result = await tx.execute<{ user_id: string }>(sql`
    SELECT icp.contact_user_id AS user_id
      FROM ${itemContactPermissions} icp JOIN ${items} i ON i.id = icp.item_id
     WHERE i.owner_id = ${userId}
    UNION
    SELECT gm.user_id
      FROM ${itemGroupPermissions} igp JOIN ${items} i ON i.id = igp.item_id
      JOIN ${groupMembers} gm ON gm.group_id = igp.group_id
     WHERE i.owner_id = ${userId} AND gm.user_id <> ${userId}`);
  return result.rows.map((row) => row.user_id);
}

/** After commit, in one publish: the notices, the changed requests and `items_changed` for lost items. */
export async function announceAccountDeletion(
  db: Database,
  bus: LiveEventBus,
  deletion: AccountDeletion,
  log: AnnounceLog,
): Promise<void> {
  const alongWith: LiveEventDelivery[] = deletion.changedRequests.map((request) => ({
    userIds: [request.otherPartyId],
    event: { type: 'request_changed', requestId: request.id, itemId: request.itemId },
  }));
  if (deletion.itemViewerIds.length > 0) {
    alongWith.push({ userIds: deletion.itemViewerIds, event: { type: 'items_changed' } });
  }
  await announceAfterCommit(log, () => announceMessages(db, bus, deletion.posted, alongWith), {
    standInId: deletion.standInId,
  });
}
