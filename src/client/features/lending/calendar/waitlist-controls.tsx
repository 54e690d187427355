import { BellRing, BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DatedPeriod } from '@/contract/reservations';
import { Button } from '@/client/components/ui/button';
import { formatCalendarDate } from '@/client/lib/format-date';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { useItemWaitlist } from '../api/get-item-waitlist';
import { useJoinItemWaitlist } from '../api/join-item-waitlist';
import { useLeaveItemWaitlist } from '../api/leave-item-waitlist';

export interface WaitlistControlsProps {
  itemId: string;
  /** The days to wait for (the borrow dialog's refused ones); none: whenever it is back. */
  days?: DatedPeriod;
}

/**
 * "Tell me when it's free" (issue 35): join with the days asked for (or
 * without, for whenever it is back), or, while waiting, how long and a way
 * to leave. The notification follows the person's choices for hand-overs.
 */
export function WaitlistControls({ itemId, days }: WaitlistControlsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const waitlist = useItemWaitlist(itemId);
  const join = useJoinItemWaitlist();
  const leave = useLeaveItemWaitlist();
  const mine = waitlist.data?.mine;

  if (mine) {
    const onLeave = () =>
      runWithToasts(() => leave.mutateAsync(itemId), i18n, { failure: t('reservations.waitlist.leaveFailed') });
    return (
      <div className="space-y-2 text-sm" data-testid="waitlist-waiting">
        <p className="text-slate-700">
          {mine.from && mine.until
            ? t('reservations.waitlist.waitingFor', {
                from: formatCalendarDate(mine.from, language),
                until: formatCalendarDate(mine.until, language),
              })
            : t('reservations.waitlist.waiting')}
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void onLeave()}
          disabled={leave.isPending}
          data-testid="waitlist-leave"
        >
          <BellOff className="h-4 w-4" aria-hidden="true" />
          {t('reservations.waitlist.leave')}
        </Button>
      </div>
    );
  }
  const onJoin = () =>
    runWithToasts(() => join.mutateAsync({ itemId, days: days ?? {} }), i18n, {
      failure: t('reservations.waitlist.joinFailed'),
      success: { title: t('reservations.waitlist.joined') },
    });
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void onJoin()}
      disabled={join.isPending || waitlist.isPending}
      data-testid="waitlist-join"
    >
      <BellRing className="h-4 w-4" aria-hidden="true" />
      {t(days ? 'reservations.waitlist.joinDays' : 'reservations.waitlist.join')}
    </Button>
  );
}

/** The owner's view: who waits for the item, oldest first. */
export function WaitingPeople({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const waiting = useItemWaitlist(itemId).data?.waiting ?? [];
  if (waiting.length === 0) return null;
  return (
    <div className="text-sm" data-testid="waitlist-people">
      <p className="font-medium text-slate-900">{t('reservations.waitlist.ownerTitle', { count: waiting.length })}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-700">
        {waiting.map((person, index) => (
          <li key={`${person.since}-${index}`} className="break-words">
            {person.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
