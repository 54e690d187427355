import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../contract/limits';
import {
  ownerResponseSchema,
  type OwnerRequestAction,
  type UpdateLendingRequestInput,
} from '../../../../contract/schemas/lending';
import type { Message } from '../../../../contract/schemas/messages';
import { Button } from '../../../components/ui/button';
import { TextareaField } from '../../../components/ui/form-field';
import { useDateFormatters } from '../../../i18n/use-date-formatters';
import { runWithToasts } from '../../../lib/run-with-toasts';
import { useUpdateLendingRequest } from '../../lending/api/update-lending-request';
import { senderName, systemMessageText } from '../message-texts';
import { MessageTime } from './message-time';
import { RequestStatusBadge } from './request-status-badge';

type LendingRequestInfo = NonNullable<Message['lendingRequest']>;
type Decision = Extract<OwnerRequestAction, 'accepted' | 'declined'>;

interface LendingRequestMessageProps {
  message: Message;
  request: LendingRequestInfo;
  userId: string;
}

/**
 * Spec §2 Messages: the message that opened a lending request (the
 * requester's words, the item, the dates), with the request's current
 * status. Only the owner, and only while it is pending, gets Accept and
 * Decline with an optional reply (the issue's "optional response"); the
 * requester never does (the server's state machine refuses them anyway).
 */
export function LendingRequestMessage({ message, request, userId }: LendingRequestMessageProps) {
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
      {canDecide && <OwnerDecision request={request} requesterName={senderName(t, message)} />}
    </article>
  );
}

/**
 * Accept or Decline, with a reply the owner may add (≤ 500 characters,
 * checked with the contract's ownerResponseSchema as the server checks it).
 * The server posts the reply as the owner's own message after the step's
 * notice; an empty reply is not sent.
 */
function OwnerDecision({ request, requesterName }: { request: LendingRequestInfo; requesterName: string }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateLendingRequest();
  const [reply, setReply] = useState('');
  const [replyError, setReplyError] = useState<string | null>(null);

  const decide = async (status: Decision) => {
    const parsed = ownerResponseSchema.safeParse(reply);
    if (!parsed.success) {
      setReplyError(parsed.error.issues[0]?.message ?? 'validation.invalidCharacters');
      return;
    }
    const body: UpdateLendingRequestInput = parsed.data === null ? { status } : { status, ownerResponse: parsed.data };
    const done = await runWithToasts(() => update.mutateAsync({ id: request.id, body }), i18n, {
      failure: t('messages.toasts.updateFailed'),
      success: {
        title: status === 'accepted' ? t('messages.toasts.requestAccepted') : t('messages.toasts.requestDeclined'),
      },
    });
    if (done) setReply('');
  };

  return (
    <div className="mt-3 space-y-2">
      <TextareaField
        label={t('messages.request.replyLabel')}
        hint={t('messages.request.replyHint', { name: requesterName })}
        rows={2}
        limit={LIMITS.messageMax}
        value={reply}
        onChange={(event) => {
          setReply(event.target.value);
          if (replyError) setReplyError(null);
        }}
        error={replyError ? t(replyError) : undefined}
        data-testid="request-reply"
      />
      <div className="grid grid-cols-2 gap-2">
        <Button onClick={() => void decide('accepted')} disabled={update.isPending} data-testid="request-accept">
          <Check className="h-4 w-4" aria-hidden="true" />
          {t('messages.request.accept')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void decide('declined')}
          disabled={update.isPending}
          data-testid="request-decline"
        >
          <X className="h-4 w-4" aria-hidden="true" />
          {t('messages.request.decline')}
        </Button>
      </div>
    </div>
  );
}
