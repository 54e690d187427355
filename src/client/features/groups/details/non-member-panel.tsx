import { Clock, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { GroupDetails } from '@/contract/schemas/group';
import { buttonClasses } from '@/client/components/ui/button';

/**
 * A signed-in visitor who is not a member (only public groups get this far):
 * a link into the Groups page's join dialog (`?join=CODE`), or the note that
 * their request is waiting for the admin.
 */
export function NonMemberPanel({ group }: { group: GroupDetails }) {
  const { t } = useTranslation();
  if (group.hasPendingRequest) {
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
        data-testid="join-pending"
      >
        <Clock className="h-4 w-4 shrink-0" aria-hidden="true" />
        {t('groups.details.nonMember.pending')}
      </p>
    );
  }
  if (!group.groupCode) return null;
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-700">{t('groups.details.nonMember.hint')}</p>
      <Link
        href={`/groups?join=${encodeURIComponent(group.groupCode)}`}
        className={buttonClasses('primary', 'md', 'shrink-0')}
        data-testid="join-group"
      >
        <UserPlus className="h-4 w-4" aria-hidden="true" />
        {t('groups.details.nonMember.join')}
      </Link>
    </div>
  );
}
