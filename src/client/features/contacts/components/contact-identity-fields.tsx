import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/client/components/ui/form-field';

type IdentityField = 'name' | 'phone' | 'email';

interface ContactIdentityFieldsProps {
  /** The form's `register`; any form whose values include name, phone and email fits. */
  register: (field: IdentityField) => UseFormRegisterReturn;
  /** The form's `formState.errors`; their messages are translation keys. */
  errors: Partial<Record<IdentityField, FieldError>>;
  /** Already translated: the add and edit forms name the name field differently. */
  nameLabel: string;
  /** Already translated: when the phone may stay empty differs between adding and editing. */
  phoneHint: string;
}

/** The name, phone (with country code) and optional email fields that adding and editing a contact share (spec §2). */
export function ContactIdentityFields({ register, errors, nameLabel, phoneHint }: ContactIdentityFieldsProps) {
  const { t } = useTranslation();
  const errorText = (message: string | undefined) => (message ? t(message) : undefined);
  return (
    <>
      <TextField label={nameLabel} autoComplete="off" error={errorText(errors.name?.message)} {...register('name')} />
      <TextField
        label={t('contacts.fields.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        hint={phoneHint}
        error={errorText(errors.phone?.message)}
        {...register('phone')}
      />
      <TextField
        label={t('contacts.fields.email')}
        type="email"
        autoComplete="off"
        error={errorText(errors.email?.message)}
        {...register('email')}
      />
    </>
  );
}
