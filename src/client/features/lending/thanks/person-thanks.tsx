import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePersonThanks } from '../api/thanks';

/**
 * What a person was thanked for (issue 36), as one of their contacts sees it:
 * "Thanked 5 times for lending, 3 times for borrowing" and the notes from
 * people the reader knows too. Words and counts, never a score; nothing
 * while it loads or when the person does not share it with the reader.
 */
export function PersonThanksSummary({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation();
  const query = usePersonThanks(userId);
  if (!query.data) return null;
  const { lending, borrowing, notes } = query.data;
  return (
    <section className="space-y-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-950" data-testid="person-thanks">
      <p className="flex items-start gap-2 wrap-anywhere">
        <Heart className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {lending + borrowing === 0
          ? t('thanks.summaryNone', { name })
          : t('thanks.summary', {
              name,
              lending: t('thanks.times', { count: lending }),
              borrowing: t('thanks.times', { count: borrowing }),
            })}
      </p>
      {notes.length > 0 && (
        <ul className="space-y-1">
          {notes.map((note) => (
            <li key={`${note.fromName}-${note.createdAt}`} className="wrap-anywhere" data-testid="person-thanks-note">
              <span className="font-medium">{note.fromName}:</span> {note.note}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
