import { MessagesSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { useFailureToast } from '@/client/lib/use-failure-toast';
import { useConversations } from '../api/get-conversations';
import { useCurrentUserId } from '../api/use-current-user-id';
import { partnerLabel } from '../message-texts';
import { PARTNER_PARAM } from '../messages-route';
import { ConversationList } from './conversation-list';
import type { MessageParts } from './message-parts';
import { MessageThread, type ThreadPartner } from './message-thread';

/**
 * The panels fill what the page leaves them (the page is exactly as tall as
 * the room between the header and the bottom bar, `h-page-room` in
 * styles.css), so the composer stays in view whatever the title's length
 * and whether the feedback banner shows (issue 33); never so short that a
 * thread cannot be read. `min-w-0` everywhere a long word or name could
 * otherwise widen the grid beyond the screen.
 */
const PANEL = 'relative h-full min-h-80 min-w-0 md:min-h-96';

interface MessagesViewProps {
  /** Controls for the open thread's header (the page composes blocking there). */
  threadActions?: (partner: ThreadPartner) => ReactNode;
  /** The lending and network-request parts of request messages (the page composes them). */
  messageParts: MessageParts;
}

/**
 * Spec §2 Messages. The open conversation lives in the URL
 * (`/messages?with=<partnerId>`). Phones show one view at a time: the list,
 * or the thread with a back button; from md up both sit side by side.
 */
export function MessagesView({ threadActions, messageParts }: MessagesViewProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const partnerId = params.get(PARTNER_PARAM) || undefined;
  const userId = useCurrentUserId();
  const conversations = useConversations(userId);
  useFailureToast(conversations, t('messages.toasts.conversationsFailed'));
  const partner = conversations.data?.find((c) => c.partnerId === partnerId);

  return (
    <div className="mt-6 grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
      <section
        aria-label={t('messages.list.label')}
        className={cn(
          'overflow-y-auto rounded-xl border border-slate-200 bg-white',
          PANEL,
          partnerId === undefined ? 'block' : 'hidden md:block',
        )}
        aria-busy={conversations.isFetching}
      >
        {conversations.data === undefined && conversations.isError && (
          <div role="alert" className="flex flex-col items-center gap-3 px-4 py-10 text-center">
            <p className="text-sm font-medium text-red-700">{t('messages.list.loadFailed')}</p>
            <Button variant="secondary" size="sm" onClick={() => void conversations.refetch()}>
              {t('messages.list.retry')}
            </Button>
          </div>
        )}
        {conversations.data === undefined && !conversations.isError && (
          <p role="status" className="px-4 py-10 text-center text-sm text-slate-600">
            {t('common.loading')}
          </p>
        )}
        {conversations.data !== undefined && (
          <ConversationList conversations={conversations.data} activePartnerId={partnerId} />
        )}
      </section>

      <div
        className={cn(
          'overflow-hidden rounded-xl border border-slate-200 bg-white',
          PANEL,
          partnerId === undefined ? 'hidden md:flex' : 'flex',
        )}
      >
        {partnerId !== undefined && userId !== undefined ? (
          <MessageThread
            key={partnerId}
            userId={userId}
            partnerId={partnerId}
            partnerName={
              partner ? partnerLabel(t, { name: partner.partnerName, deleted: partner.partnerDeleted }) : undefined
            }
            headerActions={threadActions}
            parts={messageParts}
          />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center px-6 text-center" data-testid="no-thread">
            <MessagesSquare className="h-10 w-10 text-slate-500" aria-hidden="true" />
            <h2 className="mt-3 text-lg font-semibold text-slate-900">{t('messages.thread.noneSelected.title')}</h2>
            <p className="mt-1 max-w-sm text-sm text-slate-700">{t('messages.thread.noneSelected.description')}</p>
          </div>
        )}
      </div>
    </div>
  );
}
