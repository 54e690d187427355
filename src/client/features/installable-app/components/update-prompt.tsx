import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { dismissUpdate, reloadToUpdate } from '../update-store';

/**
 * A new version waits (update-store.ts): "Reload" switches to it, "Later"
 * hides the prompt. Phones: above the bottom bar when there is one; from
 * sm up: bottom right, out of the way of the header and the toasts (top right).
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-testid="update-prompt"
      className={
        'fixed inset-x-0 bottom-0 z-50 p-4 sm:inset-x-auto sm:right-0 sm:w-96 ' +
        'max-md:[body:has([data-testid=bottom-nav])_&]:bottom-[calc(4rem+env(safe-area-inset-bottom))]'
      }
    >
      <div className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-slate-900 shadow-lg">
        <RefreshCw className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="flex-1">
          <h2 id={titleId} className="text-sm font-semibold">
            {t('installableApp.update.label')}
          </h2>
          <p role="status" className="mt-1 text-sm text-slate-700">
            {t('installableApp.update.text')}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" onClick={reloadToUpdate}>
              {t('installableApp.update.reload')}
            </Button>
            <Button size="sm" variant="ghost" onClick={dismissUpdate}>
              {t('installableApp.update.later')}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
