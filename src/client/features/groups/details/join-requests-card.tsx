import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { useJoinRequests } from '../api/get-join-requests';
import { JoinRequestRow } from './join-request-row';

/** Spec §2: the admin's pending join requests, shown while loading or when there are any. */
export function JoinRequestsCard({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const requests = useJoinRequests(groupId, true);
  const list = requests.data;
  if (list?.length === 0) return null;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-amber-200 bg-white p-4 shadow-sm md:p-5"
      data-testid="join-requests"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('groups.details.joinRequests.title')}
        {list && <span className="ml-2 text-base font-normal text-slate-600">({list.length})</span>}
      </h2>
      {list === undefined && requests.isPending && (
        <p role="status" className="mt-3 text-sm text-slate-700">
          {t('groups.details.joinRequests.loading')}
        </p>
      )}
      {list === undefined && requests.isError && (
        <div role="alert" className="mt-3 text-sm text-red-800">
          <p>{t('groups.details.errorOccurred')}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void requests.refetch()}>
            {t('groups.details.retry')}
          </Button>
        </div>
      )}
      {list && (
        <ul className="mt-3 space-y-3">
          {list.map((request) => (
            <JoinRequestRow key={request.id} groupId={groupId} request={request} />
          ))}
        </ul>
      )}
    </section>
  );
}
