import type { Actor } from './actor';

/**
 * What a messaging rule needs to know about the other person, computed in
 * one SQL query (src/server/messages/messaging-relationship.ts).
 */
export interface MessagingRelationship {
  partnerId: string;
  /** A registered contact in either person's address book, or a group they both belong to. */
  inNetwork: boolean;
  /** They already exchanged a message (a lending or network request started it, or a chat). */
  hasConversation: boolean;
}

/**
 * Decision 0010 "Who may message whom": people in each other's network, or
 * anyone the actor already has a conversation with; never oneself. Reading a
 * thread follows the same rule, so a stranger's id reveals neither a name nor
 * that the account exists (callers answer 404).
 */
const mayMessage = (actor: Actor, partner: MessagingRelationship) =>
  partner.partnerId !== actor.id && (partner.inNetwork || partner.hasConversation);

/** A message the actor wants to answer as a network request. */
export interface NetworkRequestMessageAccess {
  receiverId: string;
  messageType: string;
  networkRequestId: string | null;
}

export const messageRules = {
  'message:send': mayMessage,
  'message:readThread': mayMessage,
  /** Only the person a network request reached answers it, through the message they received. */
  'networkRequest:respond': (actor: Actor, message: NetworkRequestMessageAccess) =>
    message.receiverId === actor.id && message.messageType === 'network_request' && message.networkRequestId !== null,
};
