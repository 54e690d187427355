import { ShieldCheck, UserX } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockedPerson } from '@/contract/schemas/blocks';
import { Avatar } from '@/client/components/ui/avatar';
import { Button } from '@/client/components/ui/button';
import { useDateFormatters } from '@/client/i18n/use-date-formatters';
import { useFailureToast } from '@/client/lib/use-failure-toast';
import { useBlockedPeople } from '../api/get-blocked-people';
import type { PersonRef } from '../blocked-person-ref';
import { LazyUnblockPersonDialog } from './block-dialogs';

function BlockedPersonRow({ person, onUnblock }: { person: BlockedPerson; onUnblock: (person: PersonRef) => void }) {
  const { t } = useTranslation();
  const { formatDate } = useDateFormatters();
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="blocked-person">
      <div className="flex min-w-0 flex-1 basis-48 items-center gap-3">
        <Avatar name={person.name} username={person.username} photoUrl={person.photoUrl} />
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900" data-testid="blocked-person-name">
            {person.name}
          </p>
          <p className="truncate text-sm text-slate-600">@{person.username}</p>
          <p className="text-sm text-slate-600" data-testid="blocked-person-date">
            {t('blocks.list.blockedOn', { date: formatDate(person.blockedAt) })}
          </p>
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="ms-auto"
        onClick={() => onUnblock({ userId: person.userId, name: person.name })}
        aria-label={t('blocks.unblockNamed', { name: person.name })}
        data-testid="blocked-person-unblock"
      >
        <ShieldCheck className="h-4 w-4" aria-hidden="true" />
        {t('blocks.unblockAction')}
      </Button>
    </li>
  );
}

function LoadingRows() {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="blocked-people-loading">
      <span className="sr-only">{t('blocks.list.loading')}</span>
      <ul className="divide-y divide-slate-100" aria-hidden="true">
        {[0, 1].map((index) => (
          <li key={index} className="flex items-center gap-3 py-3">
            <span className="h-10 w-10 shrink-0 animate-pulse rounded-full bg-slate-200" />
            <span className="flex-1 space-y-2">
              <span className="block h-4 w-1/3 animate-pulse rounded bg-slate-200" />
              <span className="block h-3 w-1/2 animate-pulse rounded bg-slate-100" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Profile, Blocked people: everyone the user blocked, newest as the server
 * orders them, each with photo or initials, name, @username, the day of the
 * block and Unblock (after a confirmation).
 */
export function BlockedPeopleList() {
  const { t } = useTranslation();
  const headingId = useId();
  const blocked = useBlockedPeople();
  useFailureToast(blocked, t('blocks.list.loadFailed'));
  // The person stays set while the dialog closes, so its text does not change mid-animation.
  const [unblocking, setUnblocking] = useState<PersonRef | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const askToUnblock = (person: PersonRef) => {
    setUnblocking(person);
    setDialogOpen(true);
  };

  let content;
  if (blocked.isPending) {
    content = <LoadingRows />;
  } else if (blocked.isError) {
    content = (
      <div role="alert" className="flex flex-col items-start gap-3" data-testid="blocked-people-error">
        <p className="text-sm text-slate-700">{t('blocks.list.loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void blocked.refetch()}>
          {t('blocks.list.retry')}
        </Button>
      </div>
    );
  } else if (blocked.data.length === 0) {
    content = (
      <div className="flex flex-col items-center py-6 text-center" data-testid="blocked-people-empty">
        <UserX className="h-8 w-8 text-slate-500" aria-hidden="true" />
        <p className="mt-2 text-sm font-medium text-slate-900">{t('blocks.list.empty')}</p>
        <p className="mt-1 max-w-md text-sm text-slate-700">{t('blocks.list.emptyHint')}</p>
      </div>
    );
  } else {
    content = (
      <ul
        aria-labelledby={headingId}
        className="-my-3 divide-y divide-slate-100"
        data-testid="blocked-people"
        aria-busy={blocked.isFetching}
      >
        {blocked.data.map((person) => (
          <BlockedPersonRow key={person.userId} person={person} onUnblock={askToUnblock} />
        ))}
      </ul>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:p-6"
      data-testid="blocked-people-card"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('blocks.list.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('blocks.list.description')}</p>
      <div className="mt-4">{content}</div>
      {unblocking && (
        <LazyUnblockPersonDialog open={dialogOpen} person={unblocking} onClose={() => setDialogOpen(false)} />
      )}
    </section>
  );
}
