import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '@/client/components/ui/dialog';
import { useDateFormatters } from '@/client/i18n/use-date-formatters';
import { cn } from '@/client/lib/cn';
import { NEWS_ITEMS, type NewsItem, type NewsPriority } from '../news-items';

/** Badge colours keep at least 4.5:1 contrast for their text. */
const PRIORITY_CLASSES: Record<NewsPriority, string> = {
  high: 'bg-red-100 text-red-800',
  medium: 'bg-amber-100 text-amber-900',
  low: 'bg-slate-100 text-slate-700',
};

function NewsArticle({ item }: { item: NewsItem }) {
  const { t } = useTranslation();
  const { formatDate } = useDateFormatters();
  // Dates are calendar days: format them in UTC so no time zone shifts them by one day.
  const published = formatDate(`${item.publishedAt}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' });

  return (
    <article className="rounded-xl border border-slate-200 p-4" data-testid={`news-item-${item.id}`}>
      <div className="mb-2 flex flex-wrap items-center gap-2 text-xs font-medium">
        <span className={cn('rounded-full px-2 py-0.5', PRIORITY_CLASSES[item.priority])}>
          {t(`news.priority.${item.priority}`)}
        </span>
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-800">
          {t(`news.category.${item.category}`)}
        </span>
      </div>
      <h3 className="text-base font-semibold text-slate-900">{t(`news.items.${item.id}.title`)}</h3>
      <p className="mt-1 text-sm text-slate-700">{t(`news.items.${item.id}.content`)}</p>
      <p className="mt-2 text-xs text-slate-600">
        {t('news.published')} <time dateTime={item.publishedAt}>{published}</time>
      </p>
    </article>
  );
}

interface NewsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function NewsDialog({ open, onOpenChange }: NewsDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('news.title')}
        description={t('news.description')}
        closeLabel={t('common.close')}
        data-testid="news-dialog"
      >
        <div className="flex flex-col gap-3">
          {NEWS_ITEMS.map((item) => (
            <NewsArticle key={item.id} item={item} />
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
