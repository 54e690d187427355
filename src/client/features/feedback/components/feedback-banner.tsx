import { MessageSquareHeart, X } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@/contract/limits';
import { Button } from '@/client/components/ui/button';
import { useDismissBanner } from '../api/dismiss-banner';

// The star form (and zod, which checks it) loads when the panel first opens, not with every page.
const FeedbackPanel = lazy(() => import('./feedback-panel').then((m) => ({ default: m.FeedbackPanel })));

interface FeedbackBannerProps {
  userId: string;
}

/**
 * Spec §2/§4: the slim beta bar at the top of the signed-in layout (the
 * slot keeps it at 72 px and pushes the page down by as much), with a
 * "Give feedback" toggle and a dismiss button. The star panel is taller than
 * the bar, so it opens below it, over the page, as a fixed panel: the slot's
 * overflow clip does not reach a fixed element, and its height is capped to
 * the viewport, so nothing is cut off on a phone.
 */
export function FeedbackBanner({ userId }: FeedbackBannerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleId = useId();
  const dismiss = useDismissBanner();

  const close = () => {
    setOpen(false);
    // Back to the toggle, so keyboard and screen-reader users are where they left off.
    document.getElementById(toggleId)?.focus();
  };

  return (
    <section aria-label={t('feedback.banner.label')} className="h-full" data-testid="feedback-banner">
      <div className="h-full border-b border-brand-200 bg-brand-50">
        <div className="mx-auto flex h-full max-w-6xl items-center gap-2 px-4 sm:gap-3">
          <MessageSquareHeart className="hidden h-5 w-5 shrink-0 text-brand-700 sm:block" aria-hidden="true" />
          <p className="line-clamp-2 min-w-0 flex-1 text-sm text-slate-800">
            <span className="font-semibold">{t('feedback.banner.beta')}</span>{' '}
            <span className="hidden sm:inline">{t('feedback.banner.question')}</span>
          </p>
          <Button
            id={toggleId}
            size="sm"
            className="shrink-0"
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            onClick={() => setOpen((current) => !current)}
            data-testid="feedback-toggle"
          >
            {t('feedback.banner.give')}
          </Button>
          {/* Fixed, so out of the row's layout; right after the toggle, so Tab goes from the toggle into it. */}
          {open && (
            <div
              className="pointer-events-none fixed inset-x-0 z-40 px-2 pt-2 sm:px-4"
              style={{ top: `${LIMITS.feedbackBannerOffsetPx}px` }}
              data-testid="feedback-panel-frame"
            >
              <div className="mx-auto flex max-w-6xl justify-end">
                <Suspense fallback={null}>
                  <FeedbackPanel id={panelId} userId={userId} onClose={close} />
                </Suspense>
              </div>
            </div>
          )}
          <Button
            variant="ghost"
            size="iconSm"
            className="shrink-0"
            aria-label={t('feedback.banner.dismiss')}
            onClick={() => dismiss.mutate(userId)}
            data-testid="feedback-dismiss"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </Button>
        </div>
      </div>
    </section>
  );
}
