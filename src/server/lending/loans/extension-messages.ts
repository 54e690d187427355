import type { SystemEvent } from '@/contract/schemas/messages';
import type { NewMessage } from '../../message-writer/write-messages';

export type ExtensionEvent = Extract<SystemEvent, 'extension_requested' | 'extension_accepted' | 'extension_declined'>;

/**
 * English sentences stored in `content` (exports, old clients); readers see
 * the `systemEvent` in their own language (docs/decisions/0010).
 */
const SENTENCE_OF: Record<ExtensionEvent, (itemName: string, until: string) => string> = {
  extension_requested: (name, until) => `Extension requested: ${name} until ${until}`,
  extension_accepted: (name, until) => `Extension accepted: ${name} until ${until}`,
  extension_declined: (name, until) => `Extension declined: ${name} until ${until}`,
};

export interface ExtensionMessageContext {
  event: ExtensionEvent;
  lendingRequestId: string;
  borrowerId: string;
  ownerId: string;
  itemName: string;
  requestedUntil: string;
}

/**
 * The system message of an extension step, in the loan's conversation: the
 * borrower's request goes to the owner, the owner's answer to the borrower.
 * It goes through writeMessages like every lending step, so the live
 * events and the notification hook see it.
 */
export function extensionStepMessage(context: ExtensionMessageContext): NewMessage {
  const fromBorrower = context.event === 'extension_requested';
  return {
    senderId: fromBorrower ? context.borrowerId : context.ownerId,
    receiverId: fromBorrower ? context.ownerId : context.borrowerId,
    content: SENTENCE_OF[context.event](context.itemName, context.requestedUntil),
    messageType: 'system',
    systemEvent: context.event,
    systemItemName: context.itemName,
    lendingRequestId: context.lendingRequestId,
  };
}
