import { and, eq, gt, inArray, isNull, lte, min, or, sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS, type Language, type NotificationKind } from '@/contract/enums';
import type { DbOrTx } from '../../db/client';
import { messages, notifications, users } from '../../db/schema';
import { deliverableAcrossBlocks } from '../deliverable-across-blocks';
import { readNotificationPreferences } from '../notification-preferences';
import { EMAIL_DIGEST_DELAY_MS } from '../notification-delivery';

export interface DigestRecipient {
  id: string;
  name: string;
  email: string;
  language: Language;
}

export interface DigestNotification {
  id: string;
  kind: NotificationKind;
  event: string;
  payload: Record<string, string | number | null>;
  createdAt: Date;
}

export interface ClaimedDigest {
  recipient: DigestRecipient;
  notifications: DigestNotification[];
}

export interface DigestClaim {
  /** What to mail now; null when nothing is due, or nobody to send it to. */
  digest: ClaimedDigest | null;
  /** When the oldest unseen notification too young to mail now is due: the digest runs again then. */
  nextDueAt: Date | null;
}

const NOTHING: DigestClaim = { digest: null, nextDueAt: null };

/**
 * Claims what goes into a person's email digest and marks it emailed, inside
 * the caller's transaction (docs/decisions/0025): their notifications that
 * happened at least EMAIL_DIGEST_DELAY_MS before `now` (time to see them in
 * the app first), are not mailed yet, not seen in the app, of a kind they
 * still get by email (they may have changed that since the event), and not
 * about someone they blocked since (`deliverableAcrossBlocks`). Rows another run holds
 * are skipped (FOR UPDATE SKIP LOCKED), so two runs never claim the same
 * notification; if the caller's transaction rolls back, so does the claim.
 *
 * Seen means: a notification that points at a message is seen once that
 * message is read; one without a message is seen when `seen_at` is set or
 * the person used the app after it happened (`users.last_active`, written at
 * most every five minutes). `seen_at` is set by nothing yet (it waits for a
 * notification center); the checks keep that future screen counted.
 * Younger unseen notifications wait: `nextDueAt` says when the oldest of
 * them is due. Four statements.
 */
export async function claimDigest(tx: DbOrTx, userId: string, now: Date): Promise<DigestClaim> {
  const [user] = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      language: users.language,
      lastActive: users.lastActive,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.email || user.deletedAt) return NOTHING;

  const choices = (await readNotificationPreferences(tx, [userId])).get(userId);
  const emailedKinds = NOTIFICATION_KINDS.filter((kind) => choices?.[kind].email);
  if (emailedKinds.length === 0) return NOTHING;

  const unseenWithoutMessage = user.lastActive
    ? and(isNull(notifications.messageId), gt(notifications.createdAt, user.lastActive))
    : isNull(notifications.messageId);
  const unmailed = and(
    eq(notifications.userId, userId),
    isNull(notifications.emailedAt),
    isNull(notifications.seenAt),
    inArray(notifications.kind, emailedKinds),
    or(and(sql`${notifications.messageId} IS NOT NULL`, isNull(messages.readAt)), unseenWithoutMessage),
    deliverableAcrossBlocks(sql`${notifications}`),
  );
  const dueBefore = new Date(now.getTime() - EMAIL_DIGEST_DELAY_MS);
  const claimable = tx
    .select({ id: notifications.id })
    .from(notifications)
    .leftJoin(messages, eq(messages.id, notifications.messageId))
    .where(and(unmailed, lte(notifications.createdAt, dueBefore)))
    .for('update', { of: notifications, skipLocked: true });
  const claimed = await tx
    .update(notifications)
    .set({ emailedAt: now })
    .where(inArray(notifications.id, claimable))
    .returning({
      id: notifications.id,
      kind: notifications.kind,
      event: notifications.event,
      payload: notifications.payload,
      createdAt: notifications.createdAt,
    });
  const [waiting] = await tx
    .select({ oldest: min(notifications.createdAt) })
    .from(notifications)
    .leftJoin(messages, eq(messages.id, notifications.messageId))
    .where(and(unmailed, gt(notifications.createdAt, dueBefore)));
  const nextDueAt = waiting?.oldest ? new Date(waiting.oldest.getTime() + EMAIL_DIGEST_DELAY_MS) : null;
  if (claimed.length === 0) return { digest: null, nextDueAt };
  claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  return {
    digest: {
      recipient: { id: user.id, name: user.name, email: user.email, language: user.language },
      notifications: claimed,
    },
    nextDueAt,
  };
}
