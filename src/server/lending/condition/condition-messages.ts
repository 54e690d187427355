import type { SystemEvent } from '@/contract/schemas/messages';
import type { NewMessage } from '../../message-writer/write-messages';
import type { LoanForCondition } from './load-loan-facts';

const ENGLISH: Record<
  'loan_problem_reported' | 'loan_problem_settled' | 'loan_return_assessed' | 'loan_thanked',
  string
> = {
  loan_problem_reported: 'Problem reported',
  loan_problem_settled: 'Problem settled',
  loan_return_assessed: 'Return condition noted',
  loan_thanked: 'Thanks',
};

/**
 * The system message a loan's condition record sends from the actor to the
 * loan's other person (issue 36): in their conversation, with a notification
 * of kind `handover` (notification-kinds.ts), live after commit. A loan
 * recorded for someone without an account has nobody to tell: no message.
 * `content` is the English text kept for exports; readers see `systemEvent`
 * in their own language (docs/decisions/0010).
 */
export function conditionMessage(
  loan: LoanForCondition,
  senderId: string,
  event: keyof typeof ENGLISH & SystemEvent,
): NewMessage[] {
  const receiverId = senderId === loan.ownerId ? loan.requesterId : loan.ownerId;
  if (receiverId === null) return [];
  return [
    {
      senderId,
      receiverId,
      content: `${ENGLISH[event]}: ${loan.itemName}`,
      messageType: 'system',
      systemEvent: event,
      systemItemName: loan.itemName,
      lendingRequestId: loan.id,
    },
  ];
}
