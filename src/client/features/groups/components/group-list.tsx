import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Group } from '@/contract/schemas/group';
import { Button } from '@/client/components/ui/button';
import { GroupCard } from './group-card';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description: string;
  children?: ReactNode;
}

export function GroupsEmptyState({ icon: Icon, title, description, children }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <Icon className="h-10 w-10 text-slate-500" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-700">{description}</p>
      {children}
    </div>
  );
}

function LoadingGrid() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{t('groups.loading')}</span>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <li key={index} className="h-48 animate-pulse rounded-xl border border-slate-200 bg-white" />
        ))}
      </ul>
    </div>
  );
}

interface GroupListProps {
  groups: Group[] | undefined;
  isError: boolean;
  onRetry: () => void;
  /** Names the list for screen readers. */
  label: string;
  /** Shown when the list is empty. */
  empty: ReactNode;
}

/** A grid of group cards with its loading, error ('Failed to fetch groups') and empty states. */
export function GroupList({ groups, isError, onRetry, label, empty }: GroupListProps) {
  const { t } = useTranslation();
  if (groups === undefined && isError) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
        <p>{t('groups.loadFailed')}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
          {t('groups.retry')}
        </Button>
      </div>
    );
  }
  if (groups === undefined) return <LoadingGrid />;
  if (groups.length === 0) return <>{empty}</>;
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {groups.map((group) => (
        <li key={group.id}>
          <GroupCard group={group} />
        </li>
      ))}
    </ul>
  );
}
