import { and, eq } from 'drizzle-orm';
import { createGroupSchema } from '../../contract/schemas/group';
import { contacts, groupJoinRequests, groupMembers, groups } from '../db/schema';
import { createGroup } from '../groups/create-group';
import { createJoinRequest } from '../groups/join-requests';
import { DEMO_GROUPS, type DemoGroup } from './demo-groups';
import {
  DEMO_PEOPLE,
  MUTUAL_CONTACTS,
  ONE_WAY_CONTACTS,
  UNREGISTERED_CONTACTS,
  type DemoUsername,
} from './demo-people';
import { daysAgo, personOf, type SeedContext } from './seed-context';

/**
 * Address books: registered contacts as POST /api/contacts makes them for a
 * registered match (active, linked, only the name copied), and people not
 * on Lendloop (pending, or invited as POST /api/contacts/invite records it).
 * The unique indexes (owner + contact user, owner + email) are the natural
 * keys: an entry that exists is left alone.
 */
export async function seedContacts(context: SeedContext): Promise<void> {
  for (const [a, b, notes] of MUTUAL_CONTACTS) {
    await ensureLinkedContact(context, a, b, notes);
    await ensureLinkedContact(context, b, a);
  }
  for (const [owner, contact] of ONE_WAY_CONTACTS) await ensureLinkedContact(context, owner, contact);

  for (const entry of UNREGISTERED_CONTACTS) {
    const owner = personOf(context, entry.owner);
    const invitedAt = entry.invitedDaysAgo === undefined ? null : daysAgo(context, entry.invitedDaysAgo);
    const created = await context.db
      .insert(contacts)
      .values({
        userId: owner.id,
        name: entry.name,
        email: entry.email,
        notes: entry.notes ?? null,
        status: entry.status,
        invitationMethod: invitedAt ? 'email' : null,
        invitedAt,
        createdAt: daysAgo(context, (entry.invitedDaysAgo ?? 10) + 1),
      })
      .onConflictDoNothing()
      .returning({ id: contacts.id });
    context.counts.contacts += created.length;
  }
}

async function ensureLinkedContact(context: SeedContext, owner: DemoUsername, contact: DemoUsername, notes?: string) {
  const ownerPerson = personOf(context, owner);
  const contactPerson = personOf(context, contact);
  const created = await context.db
    .insert(contacts)
    .values({
      userId: ownerPerson.id,
      contactUserId: contactPerson.id,
      name: contactPerson.name,
      notes: notes ?? null,
      status: 'active',
      // After both had joined.
      createdAt: daysAgo(context, Math.min(joinedDaysAgo(owner), joinedDaysAgo(contact)) - 2),
    })
    .onConflictDoNothing({ target: [contacts.userId, contacts.contactUserId] })
    .returning({ id: contacts.id });
  context.counts.contacts += created.length;
}

function joinedDaysAgo(username: DemoUsername): number {
  return DEMO_PEOPLE.find((person) => person.username === username)?.joinedDaysAgo ?? 30;
}

/**
 * Groups through the app's own createGroup (the admin becomes the first
 * member, a fresh group code), found again by (admin, name). Members are
 * added as an approved join request adds them; the pending join request is
 * asked through createJoinRequest, and asked once: if it has been answered
 * meanwhile (in the app), the seed does not ask again.
 */
export async function seedGroups(context: SeedContext): Promise<void> {
  const { db } = context;
  for (const group of DEMO_GROUPS) {
    const admin = personOf(context, group.admin);
    const groupId = await ensureGroup(context, group, admin.id);
    context.groups.set(group.key, groupId);

    for (const username of group.members) {
      const joinedAt = daysAgo(context, Math.max(1, Math.min(group.createdDaysAgo, joinedDaysAgo(username)) - 3));
      const added = await db
        .insert(groupMembers)
        .values({ groupId, userId: personOf(context, username).id, role: 'member', joinedAt })
        .onConflictDoNothing()
        .returning({ id: groupMembers.id });
      context.counts.memberships += added.length;
    }

    const pending: DemoGroup['pendingJoinRequest'] =
      'pendingJoinRequest' in group ? group.pendingJoinRequest : undefined;
    if (!pending) continue;
    const asker = personOf(context, pending.username);
    const [asked] = await db
      .select({ id: groupJoinRequests.id })
      .from(groupJoinRequests)
      .where(and(eq(groupJoinRequests.groupId, groupId), eq(groupJoinRequests.userId, asker.id)))
      .limit(1);
    const [member] = await db
      .select({ id: groupMembers.id })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, asker.id)));
    if (asked || member) continue;
    const { request } = await createJoinRequest(db, asker, groupId, { requestMessage: pending.message });
    await db
      .update(groupJoinRequests)
      .set({ requestedAt: daysAgo(context, 1.1) })
      .where(eq(groupJoinRequests.id, request.id));
    context.counts.joinRequests += 1;
  }
}

async function ensureGroup(context: SeedContext, group: DemoGroup, adminId: string): Promise<string> {
  const { db } = context;
  const [existing] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.adminId, adminId), eq(groups.name, group.name)))
    .limit(1);
  if (existing) return existing.id;

  const input = createGroupSchema.parse({
    name: group.name,
    description: group.description,
    location: group.location,
    isPrivate: group.isPrivate,
    maxMembers: group.maxMembers,
    latitude: group.latitude,
    longitude: group.longitude,
  });
  const created = await createGroup(db, { id: adminId }, input);
  const createdAt = daysAgo(context, group.createdDaysAgo);
  await db.update(groups).set({ createdAt, updatedAt: createdAt }).where(eq(groups.id, created.group.id));
  await db
    .update(groupMembers)
    .set({ joinedAt: createdAt })
    .where(and(eq(groupMembers.groupId, created.group.id), eq(groupMembers.userId, adminId)));
  context.counts.groups += 1;
  return created.group.id;
}
