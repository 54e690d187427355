import { useTranslation } from 'react-i18next';
import type { Message } from '@/contract/schemas/messages';
import { useDateFormatters } from '@/client/i18n/use-date-formatters';
import { senderName, systemMessageText } from '../message-texts';
import type { MessageParts } from './message-parts';
import { MessageTime } from './message-time';
import { RequestStatusBadge } from './request-status-badge';

type LendingRequestInfo = NonNullable<Message['lendingRequest']>;

interface LendingRequestMessageProps {
  message: Message;
  request: LendingRequestInfo;
  userId: string;
  LendingDecision: MessageParts['LendingDecision'];
}

/**
 * Spec §2 Messages: the message that opened a lending request (the
 * requester's words, the item, the dates), with the request's current
 * status. Only the owner, and only while it is pending, gets Accept and
 * Decline with an optional reply (the "optional response"); the
 * requester never does (the server's state machine refuses them anyway).
 */
export function LendingRequestMessage({ message, request, userId, LendingDecision }: LendingRequestMessageProps) {
  const { t } = useTranslation();
  const { formatCalendarDate } = useDateFormatters();
  const canDecide = request.ownerId === userId && request.status === 'pending';
  const from = request.requestedFrom;
  const until = request.expectedReturnDate;

  return (
    <article
      className="mx-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="lending-request-message"
      data-request-id={request.id}
    >
      <div className="flex items-start justify-between gap-3">
        <p className="font-medium text-slate-900">{systemMessageText(t, message, userId)}</p>
        <RequestStatusBadge status={request.status} />
      </div>
      {/* The requester's own words: the server posts them as the request's message (content). */}
      <figure className="mt-2 border-l-4 border-slate-200 pl-3">
        <blockquote
          className="text-sm whitespace-pre-wrap break-words text-slate-900"
          data-testid="request-message-text"
        >
          {message.content}
        </blockquote>
        <figcaption className="text-xs text-slate-600">
          {message.senderId === userId ? t('messages.thread.you') : senderName(t, message)}
        </figcaption>
      </figure>
      {from !== null && until !== null && (
        <p className="mt-1 text-sm text-slate-700" data-testid="request-dates">
          {t('messages.request.dates', { from: formatCalendarDate(from), until: formatCalendarDate(until) })}
        </p>
      )}
      <MessageTime value={message.createdAt} className="mt-1 block text-xs text-slate-600" />
      {canDecide && <LendingDecision requestId={request.id} requesterName={senderName(t, message)} />}
    </article>
  );
}
