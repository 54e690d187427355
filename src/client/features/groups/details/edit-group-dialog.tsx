import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { updateGroupSchema, type GroupDetails } from '@/contract/schemas/group';
import { LIMITS } from '@/contract/limits';
import { FormDialog, FormDialogActions } from '@/client/components/ui/form-dialog';
import { TextareaField, TextField } from '@/client/components/ui/form-field';
import { Switch } from '@/client/components/ui/switch';
import { toast } from '@/client/components/ui/toast-store';
import { isApiError } from '@/client/lib/api-client';
import { useUpdateGroup } from '../api/update-group';
import { toastGroupError } from './group-error-message';

type EditGroupInput = z.input<typeof updateGroupSchema>;
type EditGroupValues = z.output<typeof updateGroupSchema>;

function EditGroupForm({ group, onDone }: { group: GroupDetails; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const privateId = useId();
  const update = useUpdateGroup();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EditGroupInput, unknown, EditGroupValues>({
    resolver: zodResolver(updateGroupSchema),
    defaultValues: {
      name: group.name,
      description: group.description ?? '',
      location: group.location ?? '',
      isPrivate: group.isPrivate,
      maxMembers: group.maxMembers,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        groupId: group.id,
        changes: { ...values, description: values.description ?? '', location: values.location ?? '' },
      });
    } catch (error) {
      if (isApiError(error) && error.code === 'group_max_below_members') {
        setError('maxMembers', { type: 'server', message: 'errors.group_max_below_members' }, { shouldFocus: true });
      }
      toastGroupError(t('groups.details.edit.failed'), error, i18n);
      return;
    }
    toast({ title: t('groups.details.edit.success') });
    onDone();
  });

  const errorText = (message: string | undefined) => (message ? t(message) : undefined);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <TextField
        label={t('groups.details.edit.name')}
        autoComplete="off"
        limit={LIMITS.groupNameMax}
        error={errorText(errors.name?.message)}
        {...register('name')}
      />
      <TextareaField
        label={t('groups.details.edit.descriptionLabel')}
        rows={3}
        limit={LIMITS.descriptionMax}
        error={errorText(errors.description?.message)}
        {...register('description')}
      />
      <TextField
        label={t('groups.details.edit.location')}
        autoComplete="off"
        limit={LIMITS.locationMax}
        error={errorText(errors.location?.message)}
        {...register('location')}
      />
      <TextField
        label={t('groups.details.edit.maxMembers')}
        type="number"
        inputMode="numeric"
        min={LIMITS.groupMaxMembersMin}
        max={LIMITS.groupMaxMembersMax}
        hint={t('groups.details.edit.maxMembersHint')}
        error={errorText(errors.maxMembers?.message)}
        {...register('maxMembers')}
      />
      <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-3">
        <div>
          <label htmlFor={privateId} className="block text-sm font-medium text-slate-900">
            {t('groups.details.edit.private')}
          </label>
          <p id={`${privateId}-hint`} className="text-sm text-slate-600">
            {t('groups.details.edit.privateHint')}
          </p>
        </div>
        <Controller
          control={control}
          name="isPrivate"
          render={({ field }) => (
            <Switch
              id={privateId}
              aria-describedby={`${privateId}-hint`}
              checked={field.value ?? false}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
            />
          )}
        />
      </div>
      <FormDialogActions
        submitLabel={t('groups.details.edit.save')}
        onCancel={onDone}
        busy={isSubmitting}
        submitTestId="group-edit-save"
      />
    </form>
  );
}

interface EditGroupDialogProps {
  group: GroupDetails;
  open: boolean;
  onClose: () => void;
}

/** Spec §2 Edit group dialog: name, description, location, max members, private; Cancel and Save. */
export function EditGroupDialog({ group, open, onClose }: EditGroupDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('groups.details.edit.title')}
      description={t('groups.details.edit.description')}
      data-testid="group-edit-dialog"
    >
      <EditGroupForm group={group} onDone={onClose} />
    </FormDialog>
  );
}
