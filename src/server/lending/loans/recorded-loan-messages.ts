import type { NewMessage } from '../../message-writer/write-messages';

interface RecordedLoanContext {
  loanId: string;
  ownerId: string;
  borrowerId: string;
  itemName: string;
}

/**
 * The system messages of a recorded loan (issue 19, docs/decisions/0028).
 * `content` is the English sentence kept for exports and old clients;
 * readers see `systemEvent` in their own language (docs/decisions/0010).
 * The item's name is stored with the message: a returned loan outlives its
 * item, and the conversation must still say what it was about.
 */
export function loanRecordedMessage(context: RecordedLoanContext): NewMessage {
  return {
    senderId: context.ownerId,
    receiverId: context.borrowerId,
    content: `Loan recorded: ${context.itemName}`,
    messageType: 'system',
    systemEvent: 'loan_recorded',
    systemItemName: context.itemName,
    lendingRequestId: context.loanId,
  };
}

/** The borrower's "That's not right", told to the owner. */
export function loanDisputedMessage(context: RecordedLoanContext): NewMessage {
  return {
    senderId: context.borrowerId,
    receiverId: context.ownerId,
    content: `Loan marked as not right: ${context.itemName}`,
    messageType: 'system',
    systemEvent: 'loan_disputed',
    systemItemName: context.itemName,
    lendingRequestId: context.loanId,
  };
}
