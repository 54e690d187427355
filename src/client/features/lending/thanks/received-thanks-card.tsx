import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Switch } from '@/client/components/ui/switch';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { useHideThanks, useReceivedThanks } from '../api/thanks';

/**
 * The profile's "Thanks you received" (issue 36): every thanks, each with a
 * switch that shows it to the people who have you as a contact, or hides it.
 * Hidden thanks count nowhere. Nothing here is a score.
 */
export function ReceivedThanksCard() {
  const { t, i18n } = useTranslation();
  const query = useReceivedThanks();
  const hide = useHideThanks();
  const thanks = query.data ?? [];
  return (
    <section
      className="min-w-0 space-y-3 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="received-thanks"
    >
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Heart className="h-5 w-5" aria-hidden="true" />
        {t('thanks.received.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('thanks.received.description')}</p>
      {query.isSuccess && thanks.length === 0 && <p className="text-sm text-slate-600">{t('thanks.received.none')}</p>}
      <ul className="divide-y divide-slate-100">
        {thanks.map((entry) => (
          <li
            key={entry.id}
            className="flex min-w-0 items-start justify-between gap-3 py-2"
            data-testid="received-thanks-entry"
          >
            <div className="min-w-0 text-sm">
              <p className="font-medium wrap-anywhere text-slate-900">
                {t(entry.thankedFor === 'lending' ? 'thanks.received.forLending' : 'thanks.received.forBorrowing', {
                  name: entry.fromName,
                  item: entry.itemName,
                })}
              </p>
              {entry.note && <p className="wrap-anywhere text-slate-700">{entry.note}</p>}
            </div>
            <Switch
              checked={!entry.hidden}
              aria-label={t('thanks.received.showNamed', { name: entry.fromName })}
              disabled={hide.isPending}
              onCheckedChange={(shown) =>
                void runWithToasts(() => hide.mutateAsync({ id: entry.id, hidden: !shown }), i18n, {
                  failure: t('thanks.received.failed'),
                })
              }
              data-testid="received-thanks-shown"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
