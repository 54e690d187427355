import { ArrowLeft } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Message } from '@/contract/schemas/messages';
import { Button, buttonClasses } from '@/client/components/ui/button';
import { useFailureToast } from '@/client/lib/use-failure-toast';
import { useThread } from '../api/get-thread';
import { useMarkRead } from '../api/mark-read';
import { useReadingPresence } from '../api/reading-presence';
import { MESSAGES_PATH } from '../messages-route';
import { partnerLabel } from '../message-texts';
import { MessageComposer } from './message-composer';
import { MessageItem } from './message-item';
import type { MessageParts } from './message-parts';

interface MessageThreadProps {
  userId: string;
  partnerId: string;
  /** From the conversation list, so the header has a name before the thread loads. */
  partnerName: string | undefined;
  /**
   * Extra controls at the end of the header for a partner who can still be
   * written to (the Messages page puts blocking there; features do not
   * import each other, so the page composes it).
   */
  headerActions?: (partner: ThreadPartner) => ReactNode;
  /** Other features' parts of request messages (see MessageParts). */
  parts: MessageParts;
}

/** Who the open thread is with, as the header names them. */
export interface ThreadPartner {
  id: string;
  name: string;
}

/** Oldest first; the server's order is not part of the contract. */
function inTimeOrder(messages: readonly Message[]): Message[] {
  return [...messages].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/**
 * Spec §2 Messages, right side: the messages with one person, refreshed live
 * (or every 3 s while the live stream is down), and the composer. Opening it
 * with unread messages marks them read (spec §4); so does a new message that
 * arrives while it is open. Render with `key={partnerId}`.
 */
export function MessageThread({ userId, partnerId, partnerName, headerActions, parts }: MessageThreadProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const thread = useThread(userId, partnerId);
  useFailureToast(thread, t('messages.toasts.threadFailed'));
  const messages = useMemo(() => inTimeOrder(thread.data?.messages ?? []), [thread.data]);
  const name = (thread.data && partnerLabel(t, thread.data.partner)) ?? partnerName ?? '';
  const partnerDeleted = thread.data?.partner.deleted === true;

  // No push about this conversation while it is on screen (docs/decisions/0045).
  useReadingPresence(userId, partnerId);

  // Marks read once per newest unread message, not on every poll that still shows it unread.
  const { mutate: markRead } = useMarkRead();
  const markedUpTo = useRef<string | null>(null);
  const newestUnreadId = messages.findLast((m) => m.receiverId === userId && m.readAt === null)?.id ?? null;
  useEffect(() => {
    if (newestUnreadId === null || markedUpTo.current === newestUnreadId) return;
    markedUpTo.current = newestUnreadId;
    markRead({ userId, partnerId });
  }, [newestUnreadId, userId, partnerId, markRead]);

  // Keeps the newest message in view when one arrives.
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = scroller.current;
    if (node) node.scrollTop = node.scrollHeight;
  }, [messages.length]);

  return (
    <section
      aria-labelledby={headingId}
      className="flex min-h-0 min-w-0 flex-1 flex-col"
      data-testid="message-thread"
      data-partner-id={partnerId}
    >
      <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-2 py-2 md:px-4">
        <Link
          href={MESSAGES_PATH}
          className={buttonClasses('ghost', 'icon', 'md:hidden')}
          aria-label={t('messages.thread.back')}
          data-testid="thread-back"
        >
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </Link>
        <h2
          id={headingId}
          className="min-w-0 flex-1 truncate text-lg font-semibold text-slate-900"
          data-testid="thread-partner-name"
        >
          {name}
        </h2>
        {headerActions && name !== '' && !partnerDeleted && headerActions({ id: partnerId, name })}
      </header>

      {/* Positioned, so what is visually hidden inside (who wrote a message) stays inside its scroll box. */}
      <div ref={scroller} className="relative min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-4 md:px-4">
        {thread.isPending && thread.fetchStatus !== 'idle' && (
          <p role="status" className="text-center text-sm text-slate-600">
            {t('common.loading')}
          </p>
        )}
        {thread.isError && thread.data === undefined && (
          <div role="alert" className="flex flex-col items-center gap-3 text-center">
            <p className="text-sm font-medium text-red-700">{t('messages.thread.loadFailed')}</p>
            <Button variant="secondary" size="sm" onClick={() => void thread.refetch()}>
              {t('messages.thread.retry')}
            </Button>
          </div>
        )}
        {thread.data && messages.length === 0 && (
          <p className="text-center text-sm text-slate-600" data-testid="thread-empty">
            {t('messages.thread.empty')}
          </p>
        )}
        {messages.length > 0 && (
          // A log: screen readers announce messages as they arrive.
          <div role="log" aria-label={t('messages.thread.label', { name })}>
            <ol className="flex flex-col gap-3">
              {messages.map((message) => (
                <MessageItem key={message.id} message={message} userId={userId} parts={parts} />
              ))}
            </ol>
          </div>
        )}
      </div>

      {partnerDeleted ? (
        // A deleted account's stand-in cannot be written to (the server refuses it too).
        <p
          className="border-t border-slate-200 bg-white px-4 py-3 text-sm text-slate-700"
          data-testid="thread-partner-deleted"
        >
          {t('messages.thread.partnerDeleted')}
        </p>
      ) : (
        <MessageComposer userId={userId} partnerId={partnerId} />
      )}
    </section>
  );
}
