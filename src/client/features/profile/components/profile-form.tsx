import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LANGUAGES } from '@/contract/enums';
import { updateProfileSchema, type UpdateProfileInput } from '@/contract/schemas/profile';
import type { User } from '@/contract/schemas/user';
import { Button } from '@/client/components/ui/button';
import { TextField } from '@/client/components/ui/form-field';
import { SelectField } from '@/client/components/ui/select-field';
import { toast } from '@/client/components/ui/toast-store';
import { LANGUAGE_NATIVE_NAMES, toSupportedLanguage } from '@/client/i18n/languages';
import { failureDescription } from '@/client/lib/error-message';
import { serverIssues } from '@/client/lib/server-issues';
import { useUpdateProfile } from '../api/update-profile';

type ProfileValues = z.output<typeof updateProfileSchema>;
type ProfileField = keyof ProfileValues;

const FIELDS: readonly ProfileField[] = ['name', 'phone', 'email', 'language'];

function isProfileField(path: string): path is ProfileField {
  return (FIELDS as readonly string[]).includes(path);
}

/** The form shows what is stored; a person without phone or email starts with empty fields. */
function formValues(user: User): UpdateProfileInput {
  return { name: user.name, phone: user.phone ?? '', email: user.email ?? '', language: user.language };
}

/** Spec §5: a number typed starting with a digit gets the + in front at once, so the person sees the rule. */
export function withLeadingPlus(value: string): string {
  return /^\d/.test(value) ? `+${value}` : value;
}

/**
 * Spec §2 Profile form: full name, phone with help text, optional email and
 * the language, checked with the same zod schema the server uses. After a
 * save the session user is refreshed (header name and avatar) and, when the
 * language changed, the interface switches to it at once (spec §4;
 * i18next also stores the choice for the next visit).
 */
export function ProfileForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UpdateProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: formValues(user),
  });

  const onSubmit = handleSubmit(async (values) => {
    let saved: User;
    try {
      // The schema's input: "no email" is the empty text.
      saved = await update.mutateAsync({ ...values, email: values.email ?? '' });
    } catch (error) {
      const issues = serverIssues(error).filter((issue) => isProfileField(issue.path));
      if (issues.length > 0) {
        issues.forEach(({ path, messageKey }, index) => {
          if (isProfileField(path))
            setError(path, { type: 'server', message: messageKey }, { shouldFocus: index === 0 });
        });
        return;
      }
      toast({ variant: 'destructive', title: t('profile.saveFailed'), description: failureDescription(error, i18n) });
      return;
    }
    reset(formValues(saved));
    if (saved.language !== toSupportedLanguage(i18n.resolvedLanguage)) await i18n.changeLanguage(saved.language);
    // i18n.t, not t: after a language switch the toast speaks the new language.
    toast({ title: i18n.t('profile.saved') });
  });

  const errorText = (message: string | undefined) => (message ? t(message) : undefined);
  // Registered in the order shown: a failed submit focuses the first invalid field in this order.
  const name = register('name');
  const phone = register('phone');
  const email = register('email');
  const language = register('language');

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" data-testid="profile-form">
      <TextField
        label={t('profile.fields.name')}
        autoComplete="name"
        error={errorText(errors.name?.message)}
        data-testid="profile-name"
        {...name}
      />
      <TextField
        label={t('profile.fields.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint={t('profile.fields.phoneHint')}
        error={errorText(errors.phone?.message)}
        data-testid="profile-phone"
        {...phone}
        onChange={(event) => {
          event.target.value = withLeadingPlus(event.target.value);
          return phone.onChange(event);
        }}
      />
      <TextField
        label={t('profile.fields.email')}
        type="email"
        autoComplete="email"
        error={errorText(errors.email?.message)}
        data-testid="profile-email"
        {...email}
      />
      <SelectField
        label={t('profile.fields.language')}
        hint={t('profile.fields.languageHint')}
        error={errorText(errors.language?.message)}
        data-testid="profile-language"
        {...language}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NATIVE_NAMES[language]}
          </option>
        ))}
      </SelectField>
      <div className="flex justify-end pt-2">
        <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto" data-testid="profile-save">
          {isSubmitting ? t('profile.saving') : t('profile.save')}
        </Button>
      </div>
    </form>
  );
}
