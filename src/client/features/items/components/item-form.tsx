import type { ItemCategory } from '@/contract/enums';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ITEM_CATEGORIES } from '@/contract/enums';
import { isReservedForPersonalUse } from '@/contract/items';
import { LIMITS } from '@/contract/limits';
import {
  itemFormSchema,
  OWNER_SETTABLE_STATUSES,
  type ItemFormInput,
  type ItemFormValues,
  type ItemPhoto,
  type OwnItem,
  photoUrl,
} from '@/contract/schemas/item';
import { Button } from '@/client/components/ui/button';
import { TextareaField, TextField } from '@/client/components/ui/form-field';
import { Switch } from '@/client/components/ui/switch';
import { toast } from '@/client/components/ui/toast-store';
import { cn } from '@/client/lib/cn';
import { localIsoDate } from '@/client/lib/local-date';
import { useCreateItem, type ItemSaveBody } from '../api/create-item';
import { useUpdateItem } from '../api/update-item';
import { itemErrorDescription } from '../item-error-message';
import { DonationBanner } from './donation-banner';
import { ItemPhotosField } from './item-photos-field';
import { SelectField } from '@/client/components/ui/select-field';
import { usePhotoUploads } from './use-photo-uploads';
import { DialogActions } from '@/client/components/ui/dialog';

function defaultValues(item: OwnItem | undefined, reserved: boolean): ItemFormInput {
  return {
    name: item?.name ?? '',
    description: item?.description ?? '',
    // No category until the user picks one (spec §5: 'Category is required').
    category: item?.category ?? ('' as ItemFormInput['category']),
    // For a lent-out item the server keeps `borrowed` whatever is sent, until it is taken back.
    status: item?.status === 'in_use' ? 'in_use' : 'available',
    imageUrl: item?.imageUrl ?? '',
    photoIds: item?.photos.map((photo) => photo.id) ?? [],
    personalUseUntil: reserved ? (item?.personalUseUntil ?? null) : null,
  };
}

/** An empty date input means no date. */
const dateOrNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** A name and category the photo analysis was not sure enough of to use (docs/decisions/0043). */
export interface ItemSuggestion {
  name: string;
  category: ItemCategory;
}

interface ItemFormProps {
  /** The item to edit; none to create one. */
  item?: OwnItem;
  /** Saved. */
  onDone: () => void;
  /** Cancel pressed; by default the same as onDone. */
  onCancel?: () => void;
  /** Offered above the fields, taken with one tap; the person decides (issue 33, defect 11). */
  suggestion?: ItemSuggestion | null;
}

/**
 * Spec §2 add and edit item dialog, §5 item form. Validated with the
 * contract's itemFormSchema bounded by the user's local today, as the server
 * validates. Photos are uploaded as soon as they are chosen and only become
 * the item's when the form is saved.
 */
export function ItemForm({ item, onDone, onCancel = onDone, suggestion }: ItemFormProps) {
  const { t, i18n } = useTranslation();
  const reservedId = useId();
  const [today] = useState(() => localIsoDate());
  const schema = useMemo(() => itemFormSchema(today), [today]);
  // Spec §4: the switch starts on when the stored date is still ahead.
  const [reserved, setReserved] = useState(() => isReservedForPersonalUse(item?.personalUseUntil ?? null, today));
  const [photoUrls, setPhotoUrls] = useState<ReadonlyMap<string, string>>(
    () => new Map(item?.photos.map((photo) => [photo.id, photo.url])),
  );
  const create = useCreateItem();
  const update = useUpdateItem();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<ItemFormInput, unknown, ItemFormValues>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues(item, reserved),
  });
  const photoIds = useWatch({ control, name: 'photoIds' }) ?? [];
  const photos: ItemPhoto[] = photoIds.map((id) => ({ id, url: photoUrls.get(id) ?? photoUrl(id) }));

  const uploads = usePhotoUploads((photo) => {
    setPhotoUrls((urls) => new Map(urls).set(photo.id, photo.url));
    setValue('photoIds', [...(getValues('photoIds') ?? []), photo.id], { shouldDirty: true });
  });
  const removePhoto = (photoId: string) =>
    setValue(
      'photoIds',
      (getValues('photoIds') ?? []).filter((id) => id !== photoId),
      { shouldDirty: true },
    );

  const setReservation = (on: boolean) => {
    setReserved(on);
    if (!on) {
      setValue('personalUseUntil', null);
      clearErrors('personalUseUntil');
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    // The API takes the form's input shape: empty texts rather than null.
    const body: ItemSaveBody = {
      name: values.name,
      description: values.description ?? '',
      category: values.category,
      status: values.status,
      imageUrl: values.imageUrl ?? '',
      photoIds: values.photoIds,
      personalUseUntil: reserved ? values.personalUseUntil : null,
    };
    try {
      if (item) await update.mutateAsync({ itemId: item.id, changes: body });
      else await create.mutateAsync(body);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: item ? t('items.toasts.updateFailed') : t('items.toasts.createFailed'),
        description: itemErrorDescription(error, i18n),
      });
      return;
    }
    toast({ title: item ? t('items.toasts.updated') : t('items.toasts.created') });
    onDone();
  });

  const errorText = (message: string | undefined) => (message ? t(message) : undefined);
  const lentOut = item?.status === 'borrowed';

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" data-testid="item-form">
      {suggestion && (
        <div
          className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-800"
          data-testid="item-form-suggestion"
        >
          <p className="min-w-0 flex-1">{t('items.form.suggestion', { name: suggestion.name })}</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setValue('name', suggestion.name, { shouldDirty: true, shouldValidate: true });
              setValue('category', suggestion.category, { shouldDirty: true });
            }}
            data-testid="item-form-use-suggestion"
          >
            {t('items.form.useSuggestion')}
          </Button>
        </div>
      )}
      <TextField
        label={t('items.form.name')}
        autoComplete="off"
        limit={LIMITS.nameMax}
        error={errorText(errors.name?.message)}
        {...register('name')}
      />
      <TextareaField
        label={t('items.form.description')}
        rows={3}
        limit={LIMITS.descriptionMax}
        error={errorText(errors.description?.message)}
        {...register('description')}
      />
      <SelectField
        label={t('items.form.category')}
        error={errorText(errors.category?.message)}
        {...register('category')}
      >
        <option value="" disabled>
          {t('items.form.categoryPlaceholder')}
        </option>
        {ITEM_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {t(`items.categories.${category}`)}
          </option>
        ))}
      </SelectField>
      <fieldset className="space-y-1" aria-describedby={lentOut ? `${reservedId}-lent` : undefined}>
        <legend className="text-sm font-medium text-slate-900">{t('items.form.status')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {OWNER_SETTABLE_STATUSES.map((status) => (
            <label
              key={status}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm text-slate-900',
                'has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70',
              )}
            >
              {lentOut ? (
                // Shown, not chosen: neither applies while someone has the item.
                <input type="radio" value={status} checked={false} disabled readOnly className="h-4 w-4" />
              ) : (
                <input type="radio" value={status} className="h-4 w-4" {...register('status')} />
              )}
              {t(`items.statuses.${status}`)}
            </label>
          ))}
        </div>
        {lentOut && (
          <p id={`${reservedId}-lent`} className="text-sm text-slate-600">
            {t('items.form.statusBorrowedHint')}
          </p>
        )}
        {errors.status?.message && (
          <p className="text-sm font-medium text-red-700">{errorText(errors.status.message)}</p>
        )}
      </fieldset>
      <ItemPhotosField
        photos={photos}
        pending={uploads.pending}
        onFiles={(files) => void uploads.addFiles(files, LIMITS.photosPerItemMax - photos.length)}
        onRemove={removePhoto}
        error={errorText(errors.photoIds?.message)}
      />
      <TextField
        label={t('items.form.imageUrl')}
        type="url"
        inputMode="url"
        autoComplete="off"
        hint={t('items.form.imageUrlHint')}
        limit={LIMITS.imageUrlMax}
        error={errorText(errors.imageUrl?.message)}
        {...register('imageUrl')}
      />
      <div className="space-y-3 rounded-lg border border-slate-200 p-3">
        <div className="flex items-start justify-between gap-4">
          <div>
            <label htmlFor={reservedId} className="block text-sm font-medium text-slate-900">
              {t('items.form.reserved')}
            </label>
            <p id={`${reservedId}-hint`} className="text-sm text-slate-600">
              {t('items.form.reservedHint')}
            </p>
          </div>
          <Switch
            id={reservedId}
            checked={reserved}
            onCheckedChange={setReservation}
            aria-describedby={`${reservedId}-hint`}
            data-testid="item-reserved"
          />
        </div>
        {reserved && (
          <TextField
            label={t('items.form.availableAgain')}
            type="date"
            min={today}
            error={errorText(errors.personalUseUntil?.message)}
            {...register('personalUseUntil', { setValueAs: dateOrNull })}
          />
        )}
      </div>
      <DonationBanner />
      <DialogActions className="border-t border-slate-200 pt-3">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting} data-testid="item-form-cancel">
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting || uploads.pending > 0} data-testid="item-form-submit">
          {item ? t('items.form.submitUpdate') : t('items.form.submitCreate')}
        </Button>
      </DialogActions>
    </form>
  );
}
