import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS, type Language, type NotificationKind } from '../../../contract/enums';
import type { DbOrTx } from '../../db/client';
import { messages, notifications, users } from '../../db/schema';
import { deliverableAcrossBlocks } from '../deliverable-across-blocks';
import { readNotificationPreferences } from '../notification-preferences';

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

/**
 * Claims what goes into a person's email digest and marks it emailed, inside
 * the caller's transaction (docs/decisions/0025): their notifications that
 * are not mailed yet, not seen in the app, and of a kind they still get by
 * email (they may have changed that since the event), and not about someone
 * they blocked since (`deliverableAcrossBlocks`). Rows another run holds
 * are skipped (FOR UPDATE SKIP LOCKED), so two runs never claim the same
 * notification; if the caller's transaction rolls back, so does the claim.
 *
 * Seen means: a notification that points at a message is seen once that
 * message is read; one without a message is seen when `seen_at` is set or
 * the person used the app after it happened (`users.last_active`, written at
 * most every five minutes). Null when there is nothing to send, or nobody to
 * send it to (account deleted, no email address). Three statements.
 */
export async function claimDigest(tx: DbOrTx, userId: string, now: Date): Promise<ClaimedDigest | null> {
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
  if (!user?.email || user.deletedAt) return null;

  const choices = (await readNotificationPreferences(tx, [userId])).get(userId);
  const emailedKinds = NOTIFICATION_KINDS.filter((kind) => choices?.[kind].email);
  if (emailedKinds.length === 0) return null;

  const unseenWithoutMessage = user.lastActive
    ? and(isNull(notifications.messageId), gt(notifications.createdAt, user.lastActive))
    : isNull(notifications.messageId);
  const claimable = tx
    .select({ id: notifications.id })
    .from(notifications)
    .leftJoin(messages, eq(messages.id, notifications.messageId))
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.emailedAt),
        isNull(notifications.seenAt),
        inArray(notifications.kind, emailedKinds),
        or(and(sql`${notifications.messageId} IS NOT NULL`, isNull(messages.readAt)), unseenWithoutMessage),
        deliverableAcrossBlocks(sql`${notifications}`),
      ),
    )
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
  if (claimed.length === 0) return null;
  claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  return {
    recipient: { id: user.id, name: user.name, email: user.email, language: user.language },
    notifications: claimed,
  };
}
