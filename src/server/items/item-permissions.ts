import { and, asc, eq, isNotNull, not, sql } from 'drizzle-orm';
import { blockBetween } from '../relations/block-sql';
import type { ContactPermission, GroupPermission } from '../../contract/schemas/item';
import type { Database } from '../db/client';
import { contacts, groupMembers, groups, itemContactPermissions, itemGroupPermissions } from '../db/schema';
import { AppError } from '../http/app-error';
import type { Actor } from '../policies';
import { authorizeItem } from './item-access';
import { selectGroupMembersExcept } from './item-viewers';

const targetRefused = () =>
  new AppError('share_target_not_allowed', 'Items can be shared only with registered contacts and own groups');

/**
 * Spec §6: the permissions dialog lists only registered contacts (with a
 * linked user) and nobody with a block between them (docs/decisions/0018), one query.
 */
export async function listContactPermissions(db: Database, actor: Actor, itemId: string): Promise<ContactPermission[]> {
  await authorizeItem(db, actor, itemId, 'item:share');
  return db
    .select({
      contactUserId: sql<string>`${contacts.contactUserId}`,
      name: contacts.name,
      phone: contacts.phone,
      canView: sql<boolean>`COALESCE(${itemContactPermissions.canView}, false)`,
    })
    .from(contacts)
    .leftJoin(
      itemContactPermissions,
      and(eq(itemContactPermissions.itemId, itemId), eq(itemContactPermissions.contactUserId, contacts.contactUserId)),
    )
    .where(
      and(
        eq(contacts.userId, actor.id),
        isNotNull(contacts.contactUserId),
        not(blockBetween(actor.id, sql`${contacts.contactUserId}`)),
      ),
    )
    .orderBy(asc(contacts.name), asc(contacts.id));
}

/**
 * Only groups the owner belongs to, with their member counts, one query.
 *
 * Kept in PostgreSQL too: member_count via groups_count_members_added, groups_count_members_removed, groups_count_members_moved (drizzle/0023_groups_member_count.sql); see docs/database-rules.md.
 */
export async function listGroupPermissions(db: Database, actor: Actor, itemId: string): Promise<GroupPermission[]> {
  await authorizeItem(db, actor, itemId, 'item:share');
  return db
    .select({
      groupId: groups.id,
      name: groups.name,
      memberCount: groups.memberCount,
      canView: sql<boolean>`COALESCE(${itemGroupPermissions.canView}, false)`,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .leftJoin(
      itemGroupPermissions,
      and(eq(itemGroupPermissions.itemId, itemId), eq(itemGroupPermissions.groupId, groups.id)),
    )
    .where(eq(groupMembers.userId, actor.id))
    .orderBy(asc(groups.name), asc(groups.id));
}

/*
 * The four writes below return the people whose view of the owner's items
 * they may have changed, for an `items_changed` event after commit.
 */

/**
 * POST /api/permissions: tick or untick "Can see" for one of the owner's
 * registered contacts; never ticked across a block (docs/decisions/0018).
 */
export async function setContactPermission(
  db: Database,
  actor: Actor,
  input: { itemId: string; contactUserId: string; canView: boolean },
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await authorizeItem(tx, actor, input.itemId, 'item:share', { lock: true });
    const [contact] = await tx
      .select({ id: contacts.id, blocked: sql<boolean>`${blockBetween(actor.id, input.contactUserId)}` })
      .from(contacts)
      .where(and(eq(contacts.userId, actor.id), eq(contacts.contactUserId, input.contactUserId)));
    if (!contact || (contact.blocked && input.canView)) throw targetRefused();
    await tx
      .insert(itemContactPermissions)
      .values(input)
      .onConflictDoUpdate({
        target: [itemContactPermissions.itemId, itemContactPermissions.contactUserId],
        set: { canView: input.canView },
      });
    return [input.contactUserId];
  });
}

/** POST /api/group-permissions: share with (or withhold from) a group the owner belongs to. */
export async function setGroupPermission(
  db: Database,
  actor: Actor,
  input: { itemId: string; groupId: string; canView: boolean },
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await authorizeItem(tx, actor, input.itemId, 'item:share', { lock: true });
    const [membership] = await tx
      .select({ id: groupMembers.id })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, input.groupId), eq(groupMembers.userId, actor.id)));
    if (!membership) throw targetRefused();
    await tx
      .insert(itemGroupPermissions)
      .values(input)
      .onConflictDoUpdate({
        target: [itemGroupPermissions.itemId, itemGroupPermissions.groupId],
        set: { canView: input.canView },
      });
    // The group's members as they are now, in the same snapshot as the share.
    return selectGroupMembersExcept(tx, input.groupId, actor.id);
  });
}

/** DELETE /api/permissions/{itemId}/{contactUserId}: idempotent (nobody to tell when nothing was there). */
export async function removeContactPermission(
  db: Database,
  actor: Actor,
  itemId: string,
  contactUserId: string,
): Promise<string[]> {
  await authorizeItem(db, actor, itemId, 'item:share');
  const removed = await db
    .delete(itemContactPermissions)
    .where(and(eq(itemContactPermissions.itemId, itemId), eq(itemContactPermissions.contactUserId, contactUserId)))
    .returning({ contactUserId: itemContactPermissions.contactUserId });
  return removed.map((row) => row.contactUserId);
}

/** DELETE /api/group-permissions/{itemId}/{groupId}: idempotent (nobody to tell when nothing was there). */
export async function removeGroupPermission(
  db: Database,
  actor: Actor,
  itemId: string,
  groupId: string,
): Promise<string[]> {
  await authorizeItem(db, actor, itemId, 'item:share');
  const removed = await db
    .delete(itemGroupPermissions)
    .where(and(eq(itemGroupPermissions.itemId, itemId), eq(itemGroupPermissions.groupId, groupId)))
    .returning({ groupId: itemGroupPermissions.groupId });
  return removed.length > 0 ? selectGroupMembersExcept(db, groupId, actor.id) : [];
}
