import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ConversationSummary } from '@/contract/schemas/messages';
import { useDateFormatters } from '@/client/i18n/use-date-formatters';
import { cn } from '@/client/lib/cn';
import { formatUnreadCount } from '@/client/lib/format-unread-count';
import { conversationPreview, partnerLabel } from '../message-texts';
import { conversationHref } from '../messages-route';

interface ConversationListProps {
  conversations: readonly ConversationSummary[];
  /** The partner whose thread is open, highlighted in the list. */
  activePartnerId: string | undefined;
}

/**
 * Spec §2 Messages, left side: one entry per partner with their name, the
 * last message (system events in the reader's language), when it was sent
 * and how many are unread. Each entry is a link to `/messages?with=<id>`.
 */
export function ConversationList({ conversations, activePartnerId }: ConversationListProps) {
  const { t } = useTranslation();
  const { formatRelativeTime, formatDateTime } = useDateFormatters();

  if (conversations.length === 0) {
    return (
      <div className="flex flex-col items-center px-6 py-10 text-center" data-testid="conversations-empty">
        <MessagesSquare className="h-10 w-10 text-slate-500" aria-hidden="true" />
        <h2 className="mt-3 text-lg font-semibold text-slate-900">{t('messages.list.empty.title')}</h2>
        <p className="mt-1 max-w-sm text-sm text-slate-700">{t('messages.list.empty.description')}</p>
      </div>
    );
  }

  return (
    <ul aria-label={t('messages.list.label')} className="divide-y divide-slate-200" data-testid="conversation-list">
      {conversations.map((conversation) => {
        const active = conversation.partnerId === activePartnerId;
        const unread = formatUnreadCount(conversation.unreadCount);
        return (
          <li key={conversation.partnerId}>
            <Link
              href={conversationHref(conversation.partnerId)}
              aria-current={active ? 'true' : undefined}
              data-testid="conversation-item"
              data-partner-id={conversation.partnerId}
              className={cn(
                'flex min-h-16 items-start gap-3 px-4 py-3',
                'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700',
                // The open conversation keeps its tint under the pointer; the others get a hover tint.
                active ? 'bg-brand-50' : 'hover:bg-slate-50',
              )}
            >
              <div className="min-w-0 flex-1">
                <div className="flex items-baseline justify-between gap-2">
                  <span
                    className={cn('truncate text-base text-slate-900', unread ? 'font-bold' : 'font-semibold')}
                    data-testid="conversation-name"
                  >
                    {partnerLabel(t, { name: conversation.partnerName, deleted: conversation.partnerDeleted })}
                  </span>
                  <time
                    dateTime={conversation.lastMessageAt}
                    title={formatDateTime(conversation.lastMessageAt)}
                    className="shrink-0 text-xs text-slate-600"
                  >
                    {formatRelativeTime(conversation.lastMessageAt)}
                  </time>
                </div>
                <div className="mt-0.5 flex items-center justify-between gap-2">
                  <span
                    className={cn('truncate text-sm', unread ? 'font-medium text-slate-900' : 'text-slate-600')}
                    data-testid="conversation-preview"
                  >
                    {conversationPreview(t, conversation)}
                  </span>
                  {unread !== null && (
                    <span
                      className="shrink-0 rounded-full bg-red-700 px-2 text-xs leading-5 font-semibold text-white"
                      data-testid="conversation-unread-badge"
                    >
                      <span aria-hidden="true">{unread}</span>
                      <span className="sr-only">{t('messages.list.unread', { count: conversation.unreadCount })}</span>
                    </span>
                  )}
                </div>
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
