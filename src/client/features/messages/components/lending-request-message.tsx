import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OwnerRequestAction } from '../../../../contract/schemas/lending';
import type { Message } from '../../../../contract/schemas/messages';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useDateFormatters } from '../../../i18n/use-date-formatters';
import { itemErrorDescription } from '../../items/item-error-message';
import { useUpdateLendingRequest } from '../../lending/api/update-lending-request';
import { systemMessageText } from '../message-texts';
import { RequestStatusBadge } from './request-status-badge';

type LendingRequestInfo = NonNullable<Message['lendingRequest']>;

/** The request's dates are calendar dates: formatted in UTC so no time zone moves them a day. */
const CALENDAR_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };

interface LendingRequestMessageProps {
  message: Message;
  request: LendingRequestInfo;
  userId: string;
}

/**
 * Spec §2 Messages: the message that opened a lending request (the
 * requester's words, the item, the dates), with the request's current status. Only the owner, and only while it is pending,
 * gets Accept and Decline; the requester never does (the server's state
 * machine refuses them anyway).
 */
export function LendingRequestMessage({ message, request, userId }: LendingRequestMessageProps) {
  const { t, i18n } = useTranslation();
  const { formatDate, formatDateTime } = useDateFormatters();
  const update = useUpdateLendingRequest();
  const canDecide = request.ownerId === userId && request.status === 'pending';

  const decide = async (status: Extract<OwnerRequestAction, 'accepted' | 'declined'>) => {
    try {
      await update.mutateAsync({ id: request.id, body: { status } });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('messages.toasts.updateFailed'),
        description: itemErrorDescription(error, i18n),
      });
      return;
    }
    toast({
      title: status === 'accepted' ? t('messages.toasts.requestAccepted') : t('messages.toasts.requestDeclined'),
    });
  };

  const from = request.requestedFrom;
  const until = request.expectedReturnDate;

  return (
    <article
      className="mx-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="lending-request-message"
      data-request-id={request.id}
    >
      <div className="flex items-start justify-between gap-3">
        <p className="font-medium text-slate-900">{systemMessageText(t, message)}</p>
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
          {message.senderId === userId ? t('messages.thread.you') : message.sender.name}
        </figcaption>
      </figure>
      {from !== null && until !== null && (
        <p className="mt-1 text-sm text-slate-700">
          {t('messages.request.dates', {
            from: formatDate(from, CALENDAR_DATE),
            until: formatDate(until, CALENDAR_DATE),
          })}
        </p>
      )}
      <time dateTime={message.createdAt} className="mt-1 block text-xs text-slate-600">
        {formatDateTime(message.createdAt)}
      </time>
      {canDecide && (
        <div className="mt-3 grid grid-cols-2 gap-2">
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
      )}
    </article>
  );
}
