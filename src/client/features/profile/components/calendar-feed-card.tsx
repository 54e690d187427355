import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { CopyField } from '@/client/components/ui/copy-field';
import { toast } from '@/client/components/ui/toast-store';
import { useDateFormatters } from '@/client/i18n/use-date-formatters';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useMakeCalendarFeedLink } from '../api/make-calendar-feed-link';
import { useTurnOffCalendarFeed } from '../api/turn-off-calendar-feed';
import { ProfileCard } from './card';

/** Which question is open: a new link (the old one stops working) or turning the feed off. */
type Question = 'newLink' | 'turnOff' | null;

/**
 * One's private calendar feed (issue 35, docs/decisions/0047): the link to
 * subscribe to in a calendar app, in a read-only field (a long link scrolls
 * inside it, never widening the card) with a Copy button; "Make a new link"
 * and "Turn off" each ask first, since the link in use stops working at once.
 * Without a feed, one button makes the first link.
 */
export function CalendarFeedCard() {
  const { t, i18n } = useTranslation();
  const { formatDate } = useDateFormatters();
  const feed = useCalendarFeed();
  const makeLink = useMakeCalendarFeedLink();
  const turnOff = useTurnOffCalendarFeed();
  const [question, setQuestion] = useState<Question>(null);
  const pending = makeLink.isPending || turnOff.isPending;

  const make = async (success: string) => {
    const done = await runWithToasts(() => makeLink.mutateAsync(), i18n, {
      failure: t('profile.calendarFeed.makeFailed'),
      success: { title: success },
    });
    if (done) setQuestion(null);
  };
  const off = async () => {
    const done = await runWithToasts(() => turnOff.mutateAsync(), i18n, {
      failure: t('profile.calendarFeed.turnOffFailed'),
      success: { title: t('profile.calendarFeed.turnedOff') },
    });
    if (done) setQuestion(null);
  };

  const url = feed.data?.url ?? null;
  const createdAt = feed.data?.createdAt ?? null;
  return (
    <ProfileCard
      title={t('profile.calendarFeed.title')}
      description={t('profile.calendarFeed.description')}
      data-testid="calendar-feed"
    >
      {feed.isPending ? (
        <span className="inline-block h-11 w-full animate-pulse rounded bg-slate-200" aria-hidden="true" />
      ) : feed.isError ? (
        <p className="text-sm text-slate-600">{t('profile.calendarFeed.loadFailed')}</p>
      ) : url === null ? (
        <Button
          variant="secondary"
          disabled={pending}
          onClick={() => void make(t('profile.calendarFeed.made'))}
          data-testid="calendar-feed-make"
        >
          <CalendarDays className="h-4 w-4" aria-hidden="true" />
          {t('profile.calendarFeed.make')}
        </Button>
      ) : (
        <div className="space-y-3">
          <CopyField
            label={t('profile.calendarFeed.link')}
            value={url}
            copyLabel={t('profile.calendarFeed.copy')}
            copiedLabel={t('profile.calendarFeed.copied')}
            onCopied={() => toast({ title: t('profile.calendarFeed.copiedToast') })}
            onCopyFailed={() => toast({ variant: 'destructive', title: t('profile.calendarFeed.copyFailed') })}
            data-testid="calendar-feed-link"
            buttonTestId="calendar-feed-copy"
          />
          {createdAt && (
            <p className="text-xs text-slate-600" data-testid="calendar-feed-created">
              {t('profile.calendarFeed.createdAt', { date: formatDate(createdAt) })}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={pending}
              onClick={() => setQuestion('newLink')}
              data-testid="calendar-feed-new-link"
            >
              {t('profile.calendarFeed.newLink')}
            </Button>
            <Button
              variant="ghostDestructive"
              size="sm"
              disabled={pending}
              onClick={() => setQuestion('turnOff')}
              data-testid="calendar-feed-turn-off"
            >
              {t('profile.calendarFeed.turnOff')}
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={question === 'newLink'}
        onOpenChange={(open) => {
          if (!open && !pending) setQuestion(null);
        }}
        title={t('profile.calendarFeed.newLinkTitle')}
        description={t('profile.calendarFeed.newLinkQuestion')}
        confirmLabel={t('profile.calendarFeed.newLinkConfirm')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        onConfirm={() => void make(t('profile.calendarFeed.newLinkMade'))}
        pending={pending}
        data-testid="calendar-feed-new-link-dialog"
      />
      <ConfirmDialog
        open={question === 'turnOff'}
        onOpenChange={(open) => {
          if (!open && !pending) setQuestion(null);
        }}
        title={t('profile.calendarFeed.turnOffTitle')}
        description={t('profile.calendarFeed.turnOffQuestion')}
        confirmLabel={t('profile.calendarFeed.turnOffConfirm')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        onConfirm={() => void off()}
        pending={pending}
        destructive
        data-testid="calendar-feed-turn-off-dialog"
      />
    </ProfileCard>
  );
}
