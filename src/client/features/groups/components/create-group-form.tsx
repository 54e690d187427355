import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LIMITS } from '@/contract/limits';
import { createGroupSchema, type CreateGroupInput, type Group } from '@/contract/schemas/group';
import { FormDialogActions } from '@/client/components/ui/form-dialog';
import { TextareaField, TextField } from '@/client/components/ui/form-field';
import { Switch } from '@/client/components/ui/switch';
import { toast } from '@/client/components/ui/toast-store';
import { getErrorMessage } from '@/client/lib/error-message';
import { useCreateGroup } from '../api/create-group';
import { LocationField } from './location-field';

type CreateGroupValues = z.output<typeof createGroupSchema>;

const DEFAULT_VALUES: CreateGroupInput = {
  name: '',
  description: '',
  location: '',
  isPrivate: false,
  maxMembers: LIMITS.groupMaxMembersDefault,
  latitude: null,
  longitude: null,
};

interface CreateGroupFormProps {
  onCreated: (group: Group) => void;
  onCancel: () => void;
}

/** Spec §2 Create-group dialog: name, description, location, max members (2–100, 50), private (off). */
export function CreateGroupForm({ onCreated, onCancel }: CreateGroupFormProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateGroup();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<CreateGroupInput, unknown, CreateGroupValues>({
    resolver: zodResolver(createGroupSchema),
    defaultValues: DEFAULT_VALUES,
  });
  const errorText = (message: string | undefined) => (message ? t(message) : undefined);
  const hasPosition = useWatch({ control, name: 'latitude' }) !== null;
  const privateId = useId();

  const onSubmit = handleSubmit(async (values) => {
    let group: Group;
    try {
      // The API takes the form's input shape: empty texts rather than null.
      group = await create.mutateAsync({
        ...values,
        description: values.description ?? '',
        location: values.location ?? '',
      });
    } catch (error) {
      toast({ variant: 'destructive', title: t('groups.create.failed'), description: getErrorMessage(error, i18n) });
      return;
    }
    toast({
      title: t('groups.create.success', { name: group.name }),
      description: group.groupCode ? t('groups.create.successCode', { code: group.groupCode }) : undefined,
    });
    onCreated(group);
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <TextField
        label={t('groups.create.name')}
        autoComplete="off"
        limit={LIMITS.groupNameMax}
        error={errorText(errors.name?.message)}
        {...register('name')}
      />
      <TextareaField
        label={t('groups.create.descriptionLabel')}
        rows={3}
        limit={LIMITS.descriptionMax}
        error={errorText(errors.description?.message)}
        {...register('description')}
      />
      <LocationField
        registration={register('location')}
        error={errorText(errors.location?.message)}
        hasPosition={hasPosition}
        onFound={({ location, position }) => {
          setValue('location', location, { shouldDirty: true, shouldValidate: true });
          setValue('latitude', position.latitude);
          setValue('longitude', position.longitude);
        }}
        onClearPosition={() => {
          setValue('latitude', null);
          setValue('longitude', null);
        }}
      />
      <TextField
        label={t('groups.create.maxMembers')}
        type="number"
        inputMode="numeric"
        min={LIMITS.groupMaxMembersMin}
        max={LIMITS.groupMaxMembersMax}
        hint={t('groups.create.maxMembersHint', { min: LIMITS.groupMaxMembersMin, max: LIMITS.groupMaxMembersMax })}
        error={errorText(errors.maxMembers?.message)}
        {...register('maxMembers')}
      />
      <Controller
        control={control}
        name="isPrivate"
        render={({ field }) => (
          <div className="flex items-start gap-3">
            <Switch
              id={privateId}
              checked={field.value ?? false}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              aria-describedby={`${privateId}-hint`}
              data-testid="create-group-private"
            />
            <div>
              <label htmlFor={privateId} className="text-sm font-medium text-slate-900">
                {t('groups.create.private')}
              </label>
              <p id={`${privateId}-hint`} className="text-sm text-slate-600">
                {t('groups.create.privateHint')}
              </p>
            </div>
          </div>
        )}
      />
      <FormDialogActions
        submitLabel={t('groups.create.submit')}
        onCancel={onCancel}
        busy={isSubmitting}
        submitTestId="create-group-submit"
      />
    </form>
  );
}
