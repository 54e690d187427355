import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Message } from '@/contract/schemas/messages';
import { cn } from '@/client/lib/cn';
import { isItemSharedWithReader, messageKind, senderName, systemMessageText } from '../message-texts';
import { AVAILABLE_ITEMS_PATH } from '../messages-route';
import { LendingRequestMessage } from './lending-request-message';
import type { MessageParts } from './message-parts';
import { MessageTime } from './message-time';
import { NetworkRequestMessage } from './network-request-message';

interface MessageItemProps {
  message: Message;
  userId: string;
  parts: MessageParts;
}

/** One entry of the thread, drawn by its kind (see messageKind). */
export function MessageItem({ message, userId, parts }: MessageItemProps) {
  const kind = messageKind(message);
  return (
    <li className="flex flex-col" data-testid="message" data-message-id={message.id} data-kind={kind}>
      {kind === 'bubble' && <MessageBubble message={message} own={message.senderId === userId} />}
      {kind === 'system' && <SystemNotice message={message} userId={userId} LoanDispute={parts.LoanDispute} />}
      {kind === 'lendingRequest' && message.lendingRequest && (
        <LendingRequestMessage
          message={message}
          request={message.lendingRequest}
          userId={userId}
          LendingDecision={parts.LendingDecision}
        />
      )}
      {kind === 'networkRequest' && message.networkRequest && (
        <NetworkRequestMessage
          message={message}
          request={message.networkRequest}
          userId={userId}
          HelpDialog={parts.HelpDialog}
          OfferMatchedItems={parts.OfferMatchedItems}
        />
      )}
    </li>
  );
}

/** Spec §2: bubbles at most 70 % of the thread's width; the reader's own on the right. */
function MessageBubble({ message, own }: { message: Message; own: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={cn(
        // A long link or word breaks anywhere rather than widen the thread (issue 33).
        'relative max-w-[70%] rounded-2xl px-3 py-2 text-base whitespace-pre-wrap wrap-anywhere',
        own
          ? 'self-end rounded-br-sm bg-brand-700 text-white'
          : 'self-start rounded-bl-sm border border-slate-200 bg-white text-slate-900',
      )}
      data-testid="message-bubble"
      data-own={own}
    >
      {/* Who wrote it, for screen readers: sighted readers see it from the side. */}
      <span className="sr-only">{own ? t('messages.thread.you') : senderName(t, message)}: </span>
      {message.content}
      <MessageTime
        value={message.createdAt}
        className={cn('mt-0.5 block text-right text-xs', own ? 'text-brand-100' : 'text-slate-600')}
      />
    </div>
  );
}

interface SystemNoticeProps {
  message: Message;
  userId: string;
  LoanDispute: MessageParts['LoanDispute'];
}

/**
 * Whether the reader is the borrower of the loan this notice records, and
 * it is still on: then they can say it is not right (issue 19).
 */
function isDisputableByReader(message: Message, userId: string): boolean {
  const loan = message.lendingRequest;
  return (
    message.systemEvent === 'loan_recorded' &&
    loan !== null &&
    loan.requesterId === userId &&
    loan.status === 'borrowed'
  );
}

function SystemNotice({ message, userId, LoanDispute }: SystemNoticeProps) {
  const { t } = useTranslation();
  const notice = <PlainSystemNotice message={message} userId={userId} />;
  if (!LoanDispute || !isDisputableByReader(message, userId) || !message.lendingRequest) return notice;
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-1" data-testid="recorded-loan-notice">
      {notice}
      <LoanDispute
        requestId={message.lendingRequest.id}
        itemName={message.lendingRequest.itemName}
        ownerName={senderName(t, message)}
      />
    </div>
  );
}

function PlainSystemNotice({ message, userId }: { message: Message; userId: string }) {
  const { t } = useTranslation();
  return (
    <p
      className="mx-auto max-w-md rounded-lg bg-slate-100 px-3 py-1.5 text-center text-sm text-slate-700 wrap-anywhere"
      data-testid="system-message"
    >
      {systemMessageText(t, message, userId)}
      {isItemSharedWithReader(message, userId) && (
        <>
          {' '}
          <Link
            href={AVAILABLE_ITEMS_PATH}
            className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
            data-testid="system-message-available-items"
          >
            {t('messages.notice.findInAvailableItems')}
          </Link>
        </>
      )}
      <MessageTime value={message.createdAt} className="ml-2 text-xs text-slate-600" />
    </p>
  );
}
