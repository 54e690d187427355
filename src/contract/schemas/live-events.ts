import { z } from 'zod';

/**
 * What GET /api/events (server-sent events, one stream per signed-in user)
 * pushes. Events carry ids, never content: the client refetches what they
 * name through the normal, authorized API, so a stream cannot leak what its
 * user may not read.
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  /** A message to or from `partnerId` arrived in the user's conversation with them. */
  z.object({ type: z.literal('message'), partnerId: z.string() }),
  /** A lending request the user is party to changed (created, decided, handed out, returned, withdrawn). */
  z.object({ type: z.literal('request_changed'), requestId: z.string(), itemId: z.string() }),
  /**
   * What the user may see among other people's items changed (an item was
   * shared with them, e.g. a quick-add answer, or a share was withdrawn).
   */
  z.object({ type: z.literal('items_changed') }),
  /** The user's total of unread messages. */
  z.object({ type: z.literal('unread_count'), count: z.number().int().nonnegative() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent['type'];
