import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClasses } from '@/client/components/ui/button';
import { conversationHref } from '../messages-route';

interface MessagePersonLinkProps {
  userId: string;
  /** Who, for the accessible name ("Message Anna"). */
  name: string;
  /** `icon` where a row has little room (group members); the label otherwise. */
  look?: 'label' | 'icon';
}

/**
 * Starts (or opens) the conversation with someone (issue 33, defect 7): the
 * thread at `/messages?with=<id>`, which works before the first message.
 * Offered where the server lets the reader write to them: an active contact,
 * a member of a shared group, the owner of an item shared with the reader.
 */
export function MessagePersonLink({ userId, name, look = 'label' }: MessagePersonLinkProps) {
  const { t } = useTranslation();
  return (
    <Link
      href={conversationHref(userId)}
      className={buttonClasses('secondary', look === 'icon' ? 'icon' : 'sm')}
      aria-label={t('messages.start.label', { name })}
      data-testid="message-person"
    >
      <MessageSquare className="h-4 w-4" aria-hidden="true" />
      {look === 'label' && t('messages.start.action')}
    </Link>
  );
}
