import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LIMITS } from '@/contract/limits';
import { signUpFormSchema, type SignUpFormInput, type SignUpResult } from '@/contract/schemas/passkeys';
import { Button } from '@/client/components/ui/button';
import { TextField } from '@/client/components/ui/form-field';
import { isApiError } from '@/client/lib/api-client';
import { signUp } from '../api/sign-in-interaction';
import { passkeyErrorText } from '../lib/passkey-error-text';

type SignUpValues = z.output<typeof signUpFormSchema>;

/** Which field a refusal from the server belongs to. */
const FIELD_OF_ERROR: Partial<Record<string, keyof SignUpFormInput>> = {
  username_taken: 'username',
  email_in_use: 'email',
};

/**
 * A new account on the built-in provider (docs/decisions/0051): name,
 * username and email, checked with the schema the server uses. The result
 * is a mailed confirmation link, or (the operator's first account on a
 * server without email) straight to the passkey.
 */
export function SignUpForm({
  uid,
  invitation,
  onSignedUp,
}: {
  uid: string;
  /** The invitation link the visitor came with, sent along (without email it vouches for them). */
  invitation: string | null;
  onSignedUp: (result: SignUpResult) => void;
}) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpFormInput, unknown, SignUpValues>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { name: '', username: '', email: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      onSignedUp(await signUp(uid, { ...values, ...(invitation ? { invitation } : {}) }));
    } catch (error) {
      const field = isApiError(error) && error.code ? FIELD_OF_ERROR[error.code] : undefined;
      setError(field ?? 'root', { type: 'server', message: passkeyErrorText(error, t) }, { shouldFocus: true });
    }
  });
  const errorText = (message: string | undefined) => (message ? t(message) : undefined);
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" data-testid="sign-up-form">
      <TextField
        label={t('passkeys.signUp.name')}
        autoComplete="name"
        limit={LIMITS.nameMax}
        error={errorText(errors.name?.message)}
        data-testid="sign-up-name"
        {...register('name')}
      />
      <TextField
        label={t('passkeys.signUp.username')}
        autoComplete="username"
        autoCapitalize="none"
        hint={t('passkeys.signUp.usernameHint')}
        error={errorText(errors.username?.message)}
        data-testid="sign-up-username"
        {...register('username')}
      />
      <TextField
        label={t('passkeys.signUp.email')}
        type="email"
        autoComplete="email"
        hint={t('passkeys.signUp.emailHint')}
        error={errorText(errors.email?.message)}
        data-testid="sign-up-email"
        {...register('email')}
      />
      {errors.root?.message && (
        <p role="alert" className="text-sm text-red-700" data-testid="sign-up-error">
          {errors.root.message}
        </p>
      )}
      <Button type="submit" disabled={isSubmitting} className="w-full" data-testid="sign-up-submit">
        {isSubmitting ? t('passkeys.signUp.submitting') : t('passkeys.signUp.submit')}
      </Button>
    </form>
  );
}
