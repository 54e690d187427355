import { useTranslation } from 'react-i18next';
import type { ContactStatus } from '@/contract/enums';
import { cn } from '@/client/lib/cn';

const STATUS_LABEL_KEYS = {
  pending: 'contacts.status.pending',
  invited: 'contacts.status.invited',
  active: 'contacts.status.active',
} as const satisfies Record<ContactStatus, string>;

/** Dark text on a light tint: AA contrast for every status. */
const STATUS_CLASSES: Record<ContactStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  invited: 'bg-sky-100 text-sky-900',
  active: 'bg-emerald-100 text-emerald-900',
};

/** Spec §4 Contact status: 'Not Registered', 'Invitation Sent' or 'Active'. */
export function ContactStatusBadge({ status }: { status: ContactStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn('inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold', STATUS_CLASSES[status])}
      data-testid="contact-status"
    >
      {t(STATUS_LABEL_KEYS[status])}
    </span>
  );
}
