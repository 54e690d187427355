import { eq, sql } from 'drizzle-orm';
import type { BannerState } from '../../contract/schemas/feedback';
import type { DbOrTx } from '../db/client';
import { feedback, users } from '../db/schema';
import { authorize, type Actor } from '../policies';

/**
 * GET /api/banner/should-show: the banner shows until the person dismisses
 * it or sends feedback (spec §4 "Feedback banner"). Sending feedback also
 * records a dismissal (submit-feedback.ts); the feedback check still counts
 * on its own, so feedback stored without one hides the banner as well.
 */
export async function bannerState(db: DbOrTx, actor: Actor): Promise<BannerState> {
  authorize(actor, 'banner:read', { id: actor.id });
  const [row] = await db
    .select({
      show: sql<boolean>`${users.bannerDismissedAt} IS NULL
        AND NOT EXISTS (SELECT 1 FROM ${feedback} f WHERE f.user_id = ${actor.id})`,
    })
    .from(users)
    .where(eq(users.id, actor.id));
  return { show: row?.show ?? false };
}

/**
 * POST /api/banner/dismiss, and part of sending feedback. The first
 * dismissal's time is kept: a repeated call changes nothing.
 */
export async function dismissBanner(db: DbOrTx, actor: Actor): Promise<BannerState> {
  authorize(actor, 'banner:dismiss', { id: actor.id });
  await db
    .update(users)
    .set({ bannerDismissedAt: sql`COALESCE(${users.bannerDismissedAt}, now())` })
    .where(eq(users.id, actor.id));
  return { show: false };
}
