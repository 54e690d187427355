import { HandHelping, Megaphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { senderName } from '../message-texts';
import type { Message } from '@/contract/schemas/messages';
import { Button } from '@/client/components/ui/button';
import { CATEGORY_LABEL_KEYS } from '@/client/lib/item-labels';
import { URGENCY_LABEL_KEYS } from '@/client/lib/network-request-labels';
import type { MessageParts } from './message-parts';
import { MessageTime } from './message-time';

type NetworkRequestInfo = NonNullable<Message['networkRequest']>;

interface NetworkRequestMessageProps {
  message: Message;
  request: NetworkRequestInfo;
  userId: string;
  HelpDialog: MessageParts['HelpDialog'];
  OfferMatchedItems: MessageParts['OfferMatchedItems'];
}

/**
 * Spec §2 Messages: what someone asks their network for (title, description,
 * category, urgency). The receiver may answer once with 'Add Item to Help'
 * (the quick-add dialog) or, when the request matched items of theirs, by
 * offering one in a tap ("you may have this"); afterwards the message says
 * it was answered.
 */
export function NetworkRequestMessage({
  message,
  request,
  userId,
  HelpDialog,
  OfferMatchedItems,
}: NetworkRequestMessageProps) {
  const { t } = useTranslation();
  const [helping, setHelping] = useState(false);
  const own = request.requesterId === userId;
  const canAnswer = !own && message.receiverId === userId;

  return (
    <article
      className="mx-auto w-full max-w-md rounded-xl border border-brand-200 bg-brand-50 p-4"
      data-testid="network-request-message"
      data-message-id={message.id}
    >
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Megaphone className="h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
        {own
          ? t('messages.networkRequest.ownHeading')
          : t('messages.networkRequest.heading', { name: senderName(t, message) })}
      </p>
      <h3 className="mt-1 text-base font-semibold break-words text-slate-900">{request.title}</h3>
      {request.description !== null && (
        <p className="mt-1 text-sm whitespace-pre-wrap break-words text-slate-700">{request.description}</p>
      )}
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-slate-600">{t('messages.networkRequest.category')}</dt>
        <dd className="text-slate-900">
          {request.category === null
            ? t('messages.networkRequest.anyCategory')
            : t(CATEGORY_LABEL_KEYS[request.category])}
        </dd>
        <dt className="text-slate-600">{t('messages.networkRequest.urgency')}</dt>
        <dd className="text-slate-900" data-urgency={request.urgency}>
          {t(URGENCY_LABEL_KEYS[request.urgency])}
        </dd>
      </dl>
      <MessageTime value={message.createdAt} className="mt-1 block text-xs text-slate-600" />
      {canAnswer && !request.answered && (
        <>
          {request.matchedItems.length > 0 && (
            <OfferMatchedItems
              messageId={message.id}
              requesterName={senderName(t, message)}
              items={request.matchedItems}
            />
          )}
          <Button
            // Beside a one-tap offer, adding a new item is the lesser way to help.
            variant={request.matchedItems.length > 0 ? 'secondary' : 'primary'}
            className="mt-3 w-full"
            onClick={() => setHelping(true)}
            data-testid="network-request-help"
          >
            <HandHelping className="h-4 w-4" aria-hidden="true" />
            {t('messages.networkRequest.help')}
          </Button>
          <HelpDialog
            open={helping}
            onOpenChange={setHelping}
            messageId={message.id}
            requestTitle={request.title}
            requesterName={senderName(t, message)}
          />
        </>
      )}
      {canAnswer && request.answered && (
        <p className="mt-3 text-sm font-medium text-brand-800" data-testid="network-request-answered">
          {t('messages.networkRequest.answered')}
        </p>
      )}
    </article>
  );
}
