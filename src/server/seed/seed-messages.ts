import { and, eq } from 'drizzle-orm';
import { networkRequestFormSchema, respondToNetworkRequestSchema } from '../../contract/schemas/network-request';
import { items, messages, networkRequestResponses, networkRequests } from '../db/schema';
import { sendMessage } from '../messages/send-message';
import { createNetworkRequest } from '../network-requests/create-network-request';
import { respondToNetworkRequest } from '../network-requests/respond-to-network-request';
import {
  DEMO_CONVERSATIONS,
  DEMO_NETWORK_REQUESTS,
  type DemoNetworkRequest,
  type DemoNetworkResponse,
} from './demo-activity';
import { datePostedMessages, daysAgo, personOf, type SeedContext } from './seed-context';

/**
 * Typed messages through sendMessage, which refuses anyone the sender may
 * not write to (decisions 0010 and 0018). (sender, receiver, text) is the natural key.
 */
export async function seedConversations(context: SeedContext): Promise<void> {
  for (const message of DEMO_CONVERSATIONS) {
    const sender = personOf(context, message.from);
    const receiver = personOf(context, message.to);
    const [existing] = await context.db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(eq(messages.senderId, sender.id), eq(messages.receiverId, receiver.id), eq(messages.content, message.text)),
      )
      .limit(1);
    if (existing) continue;
    const sent = await sendMessage(context.db, context.bus, sender, { receiverId: receiver.id, content: message.text });
    await datePostedMessages(context, [sent], message.daysAgo);
    context.counts.messages += 1;
  }
}

/**
 * Network requests through createNetworkRequest (one message to each person
 * of the requester's network) and their answers through
 * respondToNetworkRequest, as the buttons under the message send them.
 * (requester, title) and (request, responder) are the natural keys.
 */
export async function seedNetworkRequests(context: SeedContext): Promise<void> {
  for (const demo of DEMO_NETWORK_REQUESTS) {
    const requester = personOf(context, demo.requester);
    const [existing] = await context.db
      .select({ id: networkRequests.id })
      .from(networkRequests)
      .where(and(eq(networkRequests.requesterId, requester.id), eq(networkRequests.title, demo.title)))
      .limit(1);
    const requestId = existing?.id ?? (await createDemoNetworkRequest(context, demo));
    for (const response of demo.responses) await answerNetworkRequest(context, requestId, demo, response);
  }
}

async function createDemoNetworkRequest(context: SeedContext, demo: DemoNetworkRequest): Promise<string> {
  const requester = personOf(context, demo.requester);
  const input = networkRequestFormSchema.parse({
    title: demo.title,
    description: demo.description,
    category: demo.category,
    urgency: demo.urgency,
  });
  const created = await createNetworkRequest(context.db, context.bus, requester, input);
  await context.db
    .update(networkRequests)
    .set({ createdAt: daysAgo(context, demo.daysAgo) })
    .where(eq(networkRequests.id, created.id));
  const fannedOut = await context.db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.networkRequestId, created.id));
  // One moment for all: they went out together.
  for (const message of fannedOut) await datePostedMessages(context, [message], demo.daysAgo);
  context.counts.networkRequests += 1;
  context.counts.messages += fannedOut.length;
  return created.id;
}

async function answerNetworkRequest(
  context: SeedContext,
  requestId: string,
  demo: DemoNetworkRequest,
  answer: DemoNetworkResponse,
): Promise<void> {
  const { db } = context;
  const responder = personOf(context, answer.responder);
  const requester = personOf(context, demo.requester);
  const [answered] = await db
    .select({ id: networkRequestResponses.id })
    .from(networkRequestResponses)
    .where(
      and(
        eq(networkRequestResponses.networkRequestId, requestId),
        eq(networkRequestResponses.responderId, responder.id),
      ),
    );
  if (answered) return;
  // The answer is given on the message the request sent to the responder.
  const [received] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.networkRequestId, requestId),
        eq(messages.receiverId, responder.id),
        eq(messages.messageType, 'network_request'),
      ),
    );
  if (!received) throw new Error(`${demo.title}: it did not reach ${answer.responder}, who cannot answer it`);

  const input = respondToNetworkRequestSchema.parse({
    response: answer.response,
    message: answer.message ?? '',
    ...(answer.item ? { item: answer.item } : {}),
  });
  const result = await respondToNetworkRequest(db, context.bus, responder, received.id, input);
  const at = daysAgo(context, answer.daysAgo);
  await db.update(networkRequestResponses).set({ createdAt: at }).where(eq(networkRequestResponses.id, result.id));
  if (result.itemId) await db.update(items).set({ createdAt: at, updatedAt: at }).where(eq(items.id, result.itemId));
  // What the answer posted to the requester (the responder's words, or "… added … to help you").
  const replies = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.networkRequestId, requestId),
        eq(messages.senderId, responder.id),
        eq(messages.receiverId, requester.id),
      ),
    );
  await datePostedMessages(context, replies, answer.daysAgo);
  context.counts.networkResponses += 1;
  context.counts.messages += replies.length;
}
