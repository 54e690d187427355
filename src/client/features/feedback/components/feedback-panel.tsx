import { Star } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@/contract/limits';
import { feedbackSchema } from '@/contract/schemas/feedback';
import { Button } from '@/client/components/ui/button';
import { TextareaField } from '@/client/components/ui/form-field';
import { toast } from '@/client/components/ui/toast-store';
import { cn } from '@/client/lib/cn';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { useSubmitFeedback } from '../api/submit-feedback';

const RATINGS = Array.from(
  { length: LIMITS.feedbackRatingMax - LIMITS.feedbackRatingMin + 1 },
  (_, index) => LIMITS.feedbackRatingMin + index,
);

interface FeedbackPanelProps {
  id: string;
  userId: string;
  /** Closes the panel; the banner puts the focus back on its toggle. */
  onClose: () => void;
}

/**
 * The star panel under the feedback banner (spec §4/§5): 1 to 5 stars as a
 * radio group (arrow keys move between them), optional text up to
 * LIMITS.feedbackTextMax, Submit and Cancel. Sending without stars is refused
 * with the toast 'please select a rating'; the text is trimmed and left out
 * when empty (feedbackSchema, as the server parses it).
 */
export function FeedbackPanel({ id, userId, onClose }: FeedbackPanelProps) {
  const { t, i18n } = useTranslation();
  const [rating, setRating] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | undefined>();
  const submit = useSubmitFeedback();
  const shown = hovered ?? rating ?? 0;

  const closeAndReset = () => {
    setRating(null);
    setText('');
    setTextError(undefined);
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    if (rating === null) {
      toast({ variant: 'destructive', title: t('validation.ratingRequired') });
      return;
    }
    const parsed = feedbackSchema.safeParse({ rating, feedback: text });
    if (!parsed.success) {
      setTextError(t(parsed.error.issues[0]?.message ?? 'validation.feedbackTooLong'));
      return;
    }
    const sent = await runWithToasts(
      () => submit.mutateAsync({ userId, rating: parsed.data.rating, feedback: parsed.data.feedback }),
      i18n,
      { failure: t('feedback.toasts.failed'), success: { title: t('feedback.toasts.thanks') } },
    );
    // On success the banner goes away for good (and this panel with it); on failure what was typed stays.
    if (sent) closeAndReset();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };

  return (
    <form
      id={id}
      noValidate
      aria-label={t('feedback.panel.title')}
      onSubmit={(event) => void onSubmit(event)}
      onKeyDown={onKeyDown}
      className="pointer-events-auto max-h-[calc(100dvh-5.5rem)] w-full overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 shadow-xl sm:max-w-md"
      data-testid="feedback-panel"
    >
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">{t('feedback.panel.question')}</legend>
        <div className="mt-2 flex gap-1" onMouseLeave={() => setHovered(null)}>
          {RATINGS.map((value) => (
            <label
              key={value}
              className={cn(
                'flex h-11 w-11 cursor-pointer items-center justify-center rounded-lg hover:bg-amber-50',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
              )}
              onMouseEnter={() => setHovered(value)}
              data-testid={`feedback-star-${value}`}
            >
              <input
                type="radio"
                name="feedback-rating"
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="sr-only"
              />
              <Star
                className={cn(
                  'h-8 w-8',
                  value <= shown ? 'fill-amber-400 text-amber-500' : 'fill-transparent text-slate-400',
                )}
                aria-hidden="true"
              />
              <span className="sr-only">
                {t('feedback.panel.stars', { rating: value, max: LIMITS.feedbackRatingMax })}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextareaField
        className="mt-4"
        label={t('feedback.panel.textLabel')}
        hint={t('feedback.panel.textHint', { max: LIMITS.feedbackTextMax })}
        limit={LIMITS.feedbackTextMax}
        rows={3}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (textError) setTextError(undefined);
        }}
        error={textError}
        data-testid="feedback-text"
      />
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={closeAndReset} data-testid="feedback-cancel">
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={submit.isPending} data-testid="feedback-submit">
          {t('feedback.panel.submit')}
        </Button>
      </div>
    </form>
  );
}
