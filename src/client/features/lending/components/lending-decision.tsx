import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@/contract/limits';
import {
  ownerResponseSchema,
  type OwnerRequestAction,
  type UpdateLendingRequestInput,
} from '@/contract/schemas/lending';
import { TextareaField } from '@/client/components/ui/form-field';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { useUpdateLendingRequest } from '../api/update-lending-request';
import { AcceptDeclineButtons } from './accept-decline-buttons';

type Decision = Extract<OwnerRequestAction, 'accepted' | 'declined'>;

/**
 * Accept or Decline, with a reply the owner may add (≤ 500 characters,
 * checked with the contract's ownerResponseSchema as the server checks it).
 * The server posts the reply as the owner's own message after the step's
 * notice; an empty reply is not sent. Drawn under the request's message in
 * the thread (the Messages page passes it to features/messages).
 */
export function LendingDecision({ requestId, requesterName }: { requestId: string; requesterName: string }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateLendingRequest();
  const [reply, setReply] = useState('');
  const [replyError, setReplyError] = useState<string | null>(null);

  const decide = async (status: Decision) => {
    const parsed = ownerResponseSchema.safeParse(reply);
    if (!parsed.success) {
      setReplyError(parsed.error.issues[0]?.message ?? 'validation.invalidCharacters');
      return;
    }
    const body: UpdateLendingRequestInput = parsed.data === null ? { status } : { status, ownerResponse: parsed.data };
    const done = await runWithToasts(() => update.mutateAsync({ id: requestId, body }), i18n, {
      failure: t('messages.toasts.updateFailed'),
      success: {
        title: status === 'accepted' ? t('messages.toasts.requestAccepted') : t('messages.toasts.requestDeclined'),
      },
    });
    if (done) setReply('');
  };

  return (
    <div className="mt-3 space-y-2">
      <TextareaField
        label={t('messages.request.replyLabel')}
        hint={t('messages.request.replyHint', { name: requesterName })}
        rows={2}
        limit={LIMITS.messageMax}
        value={reply}
        onChange={(event) => {
          setReply(event.target.value);
          if (replyError) setReplyError(null);
        }}
        error={replyError ? t(replyError) : undefined}
        data-testid="request-reply"
      />
      <AcceptDeclineButtons
        acceptLabel={t('messages.request.accept')}
        declineLabel={t('messages.request.decline')}
        onAccept={() => void decide('accepted')}
        onDecline={() => void decide('declined')}
        disabled={update.isPending}
        testIdPrefix="request"
        layout="halves"
      />
    </div>
  );
}
