import { SendHorizontal } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@/contract/limits';
import { messageContentSchema } from '@/contract/schemas/messages';
import { Button, FOCUS_RING } from '@/client/components/ui/button';
import { CharacterCount, showsCharacterCount } from '@/client/components/ui/form-field';
import { cn } from '@/client/lib/cn';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { useSendMessage } from '../api/send-message';

interface MessageComposerProps {
  userId: string;
  partnerId: string;
}

/**
 * Spec §2/§5 Messages: Enter sends, Shift+Enter inserts a line break, a blank
 * message is not sent (messageContentSchema, as the server checks). The text
 * stays when sending fails, so nothing typed is lost.
 */
export function MessageComposer({ userId, partnerId }: MessageComposerProps) {
  const { t, i18n } = useTranslation();
  const hintId = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage();
  const blank = text.trim() === '';
  const countId = useId();
  // Not cut at the limit (a paste would lose its end silently): the counter and the schema's message say so.
  const counted = showsCharacterCount(text.length, LIMITS.messageMax);
  const describedBy = [hintId, counted ? countId : null, error ? errorId : null].filter(Boolean).join(' ');

  const submit = async () => {
    if (send.isPending || blank) return;
    const parsed = messageContentSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'validation.messageRequired');
      return;
    }
    // No success toast: the message appearing in the thread says it.
    const sent = await runWithToasts(
      () => send.mutateAsync({ userId, receiverId: partnerId, content: parsed.data }),
      i18n,
      { failure: t('messages.toasts.sendFailed') },
    );
    if (!sent) return;
    setText('');
    setError(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An Enter that confirms an input method's composition (Japanese, Chinese …) is not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form
      className="border-t border-slate-200 bg-white p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="message-composer"
    >
      <div className="flex items-end gap-2">
        <label htmlFor={`${hintId}-input`} className="sr-only">
          {t('messages.composer.label')}
        </label>
        <textarea
          id={`${hintId}-input`}
          rows={1}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={t('messages.composer.placeholder')}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          enterKeyHint="send"
          className={cn(
            'block max-h-40 min-h-11 min-w-0 flex-1 resize-none wrap-anywhere rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 field-sizing-content',
            'placeholder:text-slate-500 aria-[invalid=true]:border-red-700',
            FOCUS_RING,
          )}
          data-testid="message-input"
        />
        <Button
          type="submit"
          size="iconField"
          className="shrink-0"
          disabled={blank || send.isPending}
          aria-label={t('messages.composer.send')}
          data-testid="message-send"
        >
          <SendHorizontal className="h-5 w-5" aria-hidden="true" />
        </Button>
      </div>
      <div className="flex items-start gap-3">
        <p id={hintId} className="mt-1 hidden min-w-0 flex-1 text-xs text-slate-600 md:block">
          {t('messages.composer.hint')}
        </p>
        {counted && (
          <CharacterCount
            id={countId}
            length={text.length}
            limit={LIMITS.messageMax}
            className="mt-1 ms-auto shrink-0"
          />
        )}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {t(error)}
        </p>
      )}
    </form>
  );
}
