import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  calendarFeeds,
  contacts,
  feedback,
  groupMembers,
  groups,
  loginHistory,
  messages,
  userBlocks,
  userPhotos,
  users,
} from '../db/schema';
import { AppError } from '../http/app-error';
import type { PhotoStore } from '../photos/photo-store';
import { exportBuiltinSignIn } from './export-builtin-sign-in';
import { exportItems } from './export-items';
import { exportLoanLinks, exportLoanReports, exportReturnAssessments, exportThanks } from './export-loan-reports';
import { exportWaitlist } from './export-waitlist';
import { exportLoanExtensions } from './export-loan-extensions';
import { exportNetworkMatches } from './export-network-matches';
import { exportNotifications, exportNotificationSettings } from './export-notifications';
import { iso, jsonArray, keyset, other, pages, person } from './export-pages';
import {
  exportJoinRequests,
  exportLendingRequests,
  exportNetworkAnswers,
  exportNetworkRequests,
} from './export-requests';

/** Bumped when a field changes meaning or goes away; new fields keep the version. */
export const EXPORT_FORMAT_VERSION = 1;
/** Rows per query: memory holds one page of a table, whatever its size. */
export const EXPORT_BATCH_SIZE = 500;

export interface ExportOptions {
  photoStore: PhotoStore;
  /** The built-in provider's issuer when it runs: its account of the person is exported too. */
  builtinIssuer?: string | null;
  batchSize?: number;
  now?: Date;
}

/**
 * Spec §2 GDPR export: everything Lendloop stores about one person, as one
 * JSON document written piece by piece. Large tables are read in keyset
 * pages and photos one at a time, so a person with 10,000 messages costs the
 * server one page of memory, not the whole file (`npm run bench`, "Export").
 * Other people appear only as the app already shows them: name and username,
 * never their phone or email (the contact details here are the ones the
 * person typed into their own address book).
 */
export async function* exportAccount(db: Database, userId: string, options: ExportOptions): AsyncGenerator<string> {
  const size = options.batchSize ?? EXPORT_BATCH_SIZE;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw AppError.notFound();
  const [photo] = await db.select().from(userPhotos).where(eq(userPhotos.userId, userId));
  const [calendarFeed] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  const head = {
    format: 'lendloop-account-export',
    formatVersion: EXPORT_FORMAT_VERSION,
    generatedAt: (options.now ?? new Date()).toISOString(),
    profile: {
      id: user.id,
      username: user.username,
      name: user.name,
      phone: user.phone,
      email: user.email,
      language: user.language,
      profileImageUrl: user.profileImageUrl,
      createdAt: iso(user.createdAt),
      lastLogin: iso(user.lastLogin),
      lastActive: iso(user.lastActive),
    },
    // Which sign-in account Lendloop knows the person by: data about them, and
    // what links this export to their account at the identity provider.
    signInIdentity: { issuer: user.issuer, subject: user.subject },
    builtinSignIn: await exportBuiltinSignIn(db, user, options.builtinIssuer ?? null),
    consent: {
      feedbackBannerDismissedAt: iso(user.bannerDismissedAt),
      cookieConsent:
        'Your cookie choice is stored only in your browser’s local storage, never on our server (docs/decisions/0006), so it is not part of this file.',
    },
    profilePhoto: photo
      ? {
          contentType: photo.contentType,
          width: photo.width,
          height: photo.height,
          byteSize: photo.byteSize,
          createdAt: iso(photo.createdAt),
          dataBase64: photo.bytes.toString('base64'),
        }
      : null,
    // Whether the private calendar feed is on and since when its link exists (docs/decisions/0047). The link
    // itself is a credential, and what is stored of it (a hash) opens nothing: neither is part of this file.
    calendarFeed: calendarFeed ? { enabled: true, linkCreatedAt: iso(calendarFeed.createdAt) } : { enabled: false },
  };
  yield JSON.stringify(head).slice(0, -1);

  const sections: [string, () => AsyncGenerator<string>][] = [
    ['loginHistory', () => exportLoginHistory(db, userId, size)],
    ['items', () => exportItems(db, userId, size, options.photoStore)],
    ['contacts', () => exportContacts(db, userId, size)],
    ['groups', () => exportGroups(db, userId, size)],
    ['joinRequests', () => exportJoinRequests(db, userId, size)],
    ['lendingRequests', () => exportLendingRequests(db, userId, size)],
    ['loanExtensions', () => exportLoanExtensions(db, userId, size)],
    ['waitingLists', () => exportWaitlist(db, userId, size)],
    ['loanReports', () => exportLoanReports(db, userId, size, options.photoStore)],
    ['returnAssessments', () => exportReturnAssessments(db, userId, size)],
    ['thanks', () => exportThanks(db, userId, size)],
    ['loanLinks', () => exportLoanLinks(db, userId, size)],
    ['messages', () => exportMessages(db, userId, size)],
    ['networkRequests', () => exportNetworkRequests(db, userId, size)],
    ['networkRequestAnswers', () => exportNetworkAnswers(db, userId, size)],
    ['networkRequestMatches', () => exportNetworkMatches(db, userId, size)],
    ['feedback', () => exportFeedback(db, userId, size)],
    ['blockedPeople', () => exportBlockedPeople(db, userId, size)],
    ['notificationSettings', () => exportNotificationSettings(db, userId, size)],
    ['notifications', () => exportNotifications(db, userId, size)],
  ];
  for (const [key, write] of sections) {
    yield `,${JSON.stringify(key)}:`;
    yield* write();
  }
  yield '}';
}

function exportLoginHistory(db: Database, userId: string, size: number) {
  const k = keyset(loginHistory.loginAt, loginHistory.id);
  return jsonArray(
    pages(size, (after, limit) =>
      db
        .select({ row: loginHistory, id: loginHistory.id, cursorAt: k.cursorAt })
        .from(loginHistory)
        .where(and(eq(loginHistory.userId, userId), k.after(after)))
        .orderBy(...k.orderBy)
        .limit(limit),
    ),
    (rows) =>
      rows.map(({ row }) => ({
        loginAt: iso(row.loginAt),
        loginMethod: row.loginMethod,
        ipAddress: row.ipAddress,
        userAgent: row.userAgent,
      })),
  );
}

function exportContacts(db: Database, userId: string, size: number) {
  const k = keyset(contacts.createdAt, contacts.id);
  return jsonArray(
    pages(size, (after, limit) =>
      db
        .select({ contact: contacts, linked: person(other), id: contacts.id, cursorAt: k.cursorAt })
        .from(contacts)
        .leftJoin(other, eq(other.id, contacts.contactUserId))
        .where(and(eq(contacts.userId, userId), k.after(after)))
        .orderBy(...k.orderBy)
        .limit(limit),
    ),
    (rows) =>
      rows.map(({ contact, linked }) => ({
        id: contact.id,
        name: contact.name,
        phone: contact.phone,
        email: contact.email,
        notes: contact.notes,
        status: contact.status,
        invitationMethod: contact.invitationMethod,
        invitedAt: iso(contact.invitedAt),
        createdAt: iso(contact.createdAt),
        updatedAt: iso(contact.updatedAt),
        linkedUser: linked?.id ? { id: linked.id, name: linked.name, username: linked.username } : null,
      })),
  );
}

/** Memberships with the group and its member list, which every member already sees on the group's page. */
function exportGroups(db: Database, userId: string, size: number) {
  const k = keyset(groupMembers.joinedAt, groupMembers.id);
  return jsonArray(
    pages(size, (after, limit) =>
      db
        .select({ membership: groupMembers, group: groups, id: groupMembers.id, cursorAt: k.cursorAt })
        .from(groupMembers)
        .innerJoin(groups, eq(groups.id, groupMembers.groupId))
        .where(and(eq(groupMembers.userId, userId), k.after(after)))
        .orderBy(...k.orderBy)
        .limit(limit),
    ),
    async (rows) => {
      const members = await db
        .select({
          groupId: groupMembers.groupId,
          role: groupMembers.role,
          joinedAt: groupMembers.joinedAt,
          ...person(users),
        })
        .from(groupMembers)
        .innerJoin(users, eq(users.id, groupMembers.userId))
        .where(
          and(
            inArray(
              groupMembers.groupId,
              rows.map((row) => row.group.id),
            ),
            ne(groupMembers.userId, userId),
          ),
        )
        .orderBy(groupMembers.joinedAt);
      return rows.map(({ membership, group }) => ({
        group: {
          id: group.id,
          name: group.name,
          description: group.description,
          location: group.location,
          isPrivate: group.isPrivate,
          maxMembers: group.maxMembers,
          createdAt: iso(group.createdAt),
          // The code lets people join: the admin's to share, so only theirs is here.
          groupCode: group.adminId === userId ? group.groupCode : undefined,
        },
        yourRole: membership.role,
        joinedAt: iso(membership.joinedAt),
        otherMembers: members
          .filter((member) => member.groupId === group.id)
          .map((member) => ({
            name: member.name,
            username: member.username,
            role: member.role,
            joinedAt: iso(member.joinedAt),
          })),
      }));
    },
  );
}

/** Messages the person sent or received, oldest first; nobody else's conversations. */
function exportMessages(db: Database, userId: string, size: number) {
  const k = keyset(messages.createdAt, messages.id);
  return jsonArray(
    pages(size, (after, limit) =>
      db
        .select({ message: messages, partner: person(other), id: messages.id, cursorAt: k.cursorAt })
        .from(messages)
        .innerJoin(
          other,
          sql`${other.id} = CASE WHEN ${messages.senderId} = ${userId} THEN ${messages.receiverId} ELSE ${messages.senderId} END`,
        )
        .where(and(or(eq(messages.senderId, userId), eq(messages.receiverId, userId)), k.after(after)))
        .orderBy(...k.orderBy)
        .limit(limit),
    ),
    (rows) =>
      rows.map(({ message, partner }) => ({
        id: message.id,
        direction: message.senderId === userId ? 'sent' : 'received',
        partner: { name: partner.name, username: partner.username, deleted: partner.deleted },
        content: message.content,
        messageType: message.messageType,
        systemEvent: message.systemEvent,
        systemItemName: message.systemItemName,
        lendingRequestId: message.lendingRequestId,
        networkRequestId: message.networkRequestId,
        createdAt: iso(message.createdAt),
        readAt: iso(message.readAt),
      })),
  );
}

function exportFeedback(db: Database, userId: string, size: number) {
  const k = keyset(feedback.createdAt, feedback.id);
  return jsonArray(
    pages(size, (after, limit) =>
      db
        .select({ row: feedback, id: feedback.id, cursorAt: k.cursorAt })
        .from(feedback)
        .where(and(eq(feedback.userId, userId), k.after(after)))
        .orderBy(...k.orderBy)
        .limit(limit),
    ),
    (rows) => rows.map(({ row }) => ({ rating: row.rating, feedback: row.feedback, createdAt: iso(row.createdAt) })),
  );
}

/**
 * The people the person blocked (docs/decisions/0018): their choice, so
 * their data. Who blocked them is the other person's data and not here.
 */
function exportBlockedPeople(db: Database, userId: string, size: number) {
  const k = keyset(userBlocks.createdAt, userBlocks.blockedId);
  return jsonArray(
    pages(size, (after, limit) =>
      db
        .select({ block: userBlocks, blocked: person(other), id: userBlocks.blockedId, cursorAt: k.cursorAt })
        .from(userBlocks)
        .innerJoin(other, eq(other.id, userBlocks.blockedId))
        .where(and(eq(userBlocks.blockerId, userId), k.after(after)))
        .orderBy(...k.orderBy)
        .limit(limit),
    ),
    (rows) =>
      rows.map(({ block, blocked }) => ({
        name: blocked.name,
        username: blocked.username,
        blockedAt: iso(block.createdAt),
      })),
  );
}
