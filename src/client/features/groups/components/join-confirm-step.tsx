import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { z } from 'zod';
import { LIMITS } from '@/contract/limits';
import { createJoinRequestSchema, type Group } from '@/contract/schemas/group';
import { Button, buttonClasses } from '@/client/components/ui/button';
import { TextareaField } from '@/client/components/ui/form-field';
import { toast } from '@/client/components/ui/toast-store';
import { getErrorMessage } from '@/client/lib/error-message';
import { useCreateJoinRequest } from '../api/create-join-request';
import { GroupPrivacyIcon, memberCountText } from './group-card';
import { DialogActions } from '@/client/components/ui/dialog';

const joinMessageFormSchema = createJoinRequestSchema.pick({ requestMessage: true });
type JoinMessageInput = z.input<typeof joinMessageFormSchema>;
type JoinMessageValues = z.output<typeof joinMessageFormSchema>;

function Notice({ children }: { children: string }) {
  return (
    <p role="status" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
      {children}
    </p>
  );
}

interface JoinConfirmStepProps {
  group: Group;
  /** The code as typed; sent along, since a private group needs it. */
  code: string;
  onBack: () => void;
  onDone: () => void;
}

/** Step 2 of joining (spec §2, §4): the group, an optional message, Back and Send. */
export function JoinConfirmStep({ group, code, onBack, onDone }: JoinConfirmStepProps) {
  const { t, i18n } = useTranslation();
  const send = useCreateJoinRequest();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<JoinMessageInput, unknown, JoinMessageValues>({
    resolver: zodResolver(joinMessageFormSchema),
    defaultValues: { requestMessage: '' },
  });
  const isFull = group.memberCount >= group.maxMembers;
  const canRequest = !group.isUserMember && !group.hasPendingRequest && !isFull;

  const onSubmit = handleSubmit(async ({ requestMessage }) => {
    try {
      await send.mutateAsync({ groupId: group.id, input: { requestMessage: requestMessage ?? '', groupCode: code } });
    } catch (error) {
      toast({ variant: 'destructive', title: t('groups.join.failed'), description: getErrorMessage(error, i18n) });
      return;
    }
    toast({ title: t('groups.join.success'), description: t('groups.join.successDescription', { name: group.name }) });
    onDone();
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <section className="rounded-xl border border-slate-200 p-4" data-testid="join-group-summary">
        <div className="flex items-start gap-2">
          <span className="mt-1">
            <GroupPrivacyIcon isPrivate={group.isPrivate} />
          </span>
          <h3 className="min-w-0 flex-1 text-base font-semibold break-words text-slate-900">{group.name}</h3>
        </div>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
          <dt className="text-slate-600">{t('groups.join.type')}</dt>
          <dd>{t(group.isPrivate ? 'groups.card.private' : 'groups.card.public')}</dd>
          <dt className="text-slate-600">{t('groups.card.members')}</dt>
          <dd>{memberCountText(group)}</dd>
          <dt className="text-slate-600">{t('groups.join.admin')}</dt>
          <dd className="break-words">{group.admin.name}</dd>
        </dl>
      </section>

      {group.isUserMember && (
        <div className="space-y-2">
          <Notice>{t('groups.join.alreadyMember')}</Notice>
          <Link
            href={`/groups/${encodeURIComponent(group.id)}`}
            className={buttonClasses('primary', 'sm')}
            onClick={onDone}
            data-testid="join-view-group"
          >
            {t('groups.join.viewGroup')}
          </Link>
        </div>
      )}
      {!group.isUserMember && group.hasPendingRequest && <Notice>{t('groups.join.pending')}</Notice>}
      {!group.isUserMember && !group.hasPendingRequest && isFull && <Notice>{t('errors.group_full')}</Notice>}

      {canRequest && (
        <TextareaField
          label={t('groups.join.message')}
          rows={3}
          limit={LIMITS.joinMessageMax}
          hint={t('groups.join.messageHint', { max: LIMITS.joinMessageMax })}
          error={errors.requestMessage?.message ? t(errors.requestMessage.message) : undefined}
          data-testid="join-message"
          {...register('requestMessage')}
        />
      )}

      <DialogActions className="pt-2">
        <Button variant="secondary" onClick={onBack} disabled={isSubmitting} data-testid="join-back">
          {t('groups.join.back')}
        </Button>
        {canRequest && (
          <Button type="submit" disabled={isSubmitting} data-testid="join-send">
            {t('groups.join.send')}
          </Button>
        )}
      </DialogActions>
    </form>
  );
}
