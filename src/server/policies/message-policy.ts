import type { Actor } from './actor';

/**
 * What a messaging rule needs to know about the other person, computed in
 * one SQL query (src/server/messages/messaging-relationship.ts).
 */
export interface MessagingRelationship {
  partnerId: string;
  /** The actor blocked the partner (docs/decisions/0018). */
  blockedByActor: boolean;
  /** The partner blocked the actor. */
  blockedByPartner: boolean;
  /**
   * The partner consented to hear from the actor (decision 0018): mutual
   * registered contacts, a shared group, the partner answered the actor
   * (a user message to them, or a response to their network request), or a
   * lending request between them (the owner shared the item).
   */
  consented: boolean;
  /** The partner is the anonymous stand-in of a deleted account (docs/decisions/0015): readable, never messaged. */
  deleted: boolean;
  /** They already exchanged a message (a lending or network request started it, or a chat). */
  hasConversation: boolean;
}

/** Why the actor may not write to the partner (sendRefusal). */
export type SendRefusal = 'oneself' | 'deleted' | 'blocked_by_actor' | 'blocked_by_partner' | 'no_consent';

/**
 * Decision 0018 (amending 0010's "Who may message whom"): a channel from
 * the actor to the partner is open only with the partner's consent and no
 * block either way; never to oneself, never to a deleted account's
 * stand-in (0015). Null when it is open; otherwise the first reason, which
 * a use case may turn into its answer (the blocker is told they blocked;
 * the person blocked is refused like a stranger, so the block does not
 * announce itself), without deciding anything again.
 */
export function sendRefusal(actor: Actor, partner: MessagingRelationship): SendRefusal | null {
  if (partner.partnerId === actor.id) return 'oneself';
  if (partner.deleted) return 'deleted';
  if (partner.blockedByActor) return 'blocked_by_actor';
  if (partner.blockedByPartner) return 'blocked_by_partner';
  return partner.consented ? null : 'no_consent';
}

const maySend = (actor: Actor, partner: MessagingRelationship) => sendRefusal(actor, partner) === null;

/**
 * Reading a thread: the history both share, or an open channel (an empty
 * thread to start writing in). The blocker no longer sees the conversation
 * of someone they blocked; the blocked person keeps reading their history,
 * so the block does not announce itself (decision 0018). A stranger's id
 * reveals neither a name nor that the account exists (callers answer 404).
 */
const mayReadThread = (actor: Actor, partner: MessagingRelationship) =>
  partner.partnerId !== actor.id && !partner.blockedByActor && (partner.hasConversation || maySend(actor, partner));

/** A message the actor wants to answer as a network request. */
export interface NetworkRequestMessageAccess {
  receiverId: string;
  messageType: string;
  networkRequestId: string | null;
  /** A block between the responder and the requester, either way (decision 0018). */
  blockBetween: boolean;
}

export const messageRules = {
  'message:send': maySend,
  'message:readThread': mayReadThread,
  /** Only the person a network request reached answers it, through the message they received, and not across a block. */
  'networkRequest:respond': (actor: Actor, message: NetworkRequestMessageAccess) =>
    message.receiverId === actor.id &&
    message.messageType === 'network_request' &&
    message.networkRequestId !== null &&
    !message.blockBetween,
};
