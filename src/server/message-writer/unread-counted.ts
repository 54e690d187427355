import { sql } from 'drizzle-orm';
import { blockedBy } from '../relations/block-sql';
import { messages } from '../db/schema';

/**
 * Unread messages count toward the badge unless the receiver blocked their
 * sender: that conversation is hidden from the blocker's list
 * (docs/decisions/0018), so its unread messages must not show in a badge
 * that leads nowhere. They are not marked read, which the sender could see.
 * A primary-key probe per unread message.
 */
export const unreadCounted = sql`NOT ${blockedBy(sql`${messages.receiverId}`, sql`${messages.senderId}`)}`;
