import type { z } from 'zod';
import type { NetworkRequestCreated, networkRequestFormSchema } from '../../contract/schemas/network-request';
import type { Database } from '../db/client';
import { networkRequests } from '../db/schema';
import { announceAfterCommit, backgroundAnnounceLog, type AnnounceLog } from '../events/announce-after-commit';
import type { LiveEventBus } from '../events/live-event-bus';
import { AppError } from '../http/app-error';
import { announceMessages } from '../message-writer/announce-messages';
import type { Actor } from '../policies';
import { insertNetworkRequestMatches } from './network-request-matches';
import { insertNetworkRequestMessages } from './network-recipients';

type NetworkRequestValues = z.output<typeof networkRequestFormSchema>;

/** The English sentence stored with the message; readers see `systemEvent` in their own language. */
export function lookingForText(title: string, description: string | null): string {
  return description ? `Looking for: ${title}. ${description}` : `Looking for: ${title}`;
}

/**
 * POST /api/network-requests: "Looking for …" to the requester's whole
 * network, in one transaction: the request, the recipients' matching items
 * the requester can see ("you may have this", network-request-matches.ts)
 * and one network_request message per person, or nothing. An empty
 * network is refused (409 network_empty) rather than stored unseen: the
 * user should add contacts or join a group.
 */
export async function createNetworkRequest(
  db: Database,
  bus: LiveEventBus,
  actor: Actor,
  input: NetworkRequestValues,
  log: AnnounceLog = backgroundAnnounceLog,
): Promise<NetworkRequestCreated> {
  const { id, posted } = await db.transaction(async (tx) => {
    const [request] = await tx
      .insert(networkRequests)
      .values({
        requesterId: actor.id,
        title: input.title,
        description: input.description,
        category: input.category,
        urgency: input.urgency,
      })
      .returning({ id: networkRequests.id });
    if (!request) throw new Error('The new network request was not returned');
    // Before the messages: their notifications tell each matched owner "you may have this".
    await insertNetworkRequestMatches(tx, { id: request.id, requesterId: actor.id, title: input.title });
    const posted = await insertNetworkRequestMessages(tx, {
      id: request.id,
      requesterId: actor.id,
      content: lookingForText(input.title, input.description),
    });
    // Nobody to tell: the transaction rolls back, so no request is stored unseen.
    if (posted.length === 0) {
      throw new AppError('network_empty', 'Your network is empty: add contacts or join a group first');
    }
    return { id: request.id, posted };
  });
  await announceAfterCommit(log, () => announceMessages(db, bus, posted), { networkRequestId: id });
  return { id, recipientCount: posted.length };
}
