import { useState } from 'react';
import type { SignInSetup, SignUpResult } from '@/contract/schemas/passkeys';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { assignLocation } from '@/client/lib/full-page-navigation';
import { interactionUrl, signInWithPasskey, useSignInSetup } from '../api/sign-in-interaction';
import { registerPasskeyWithTicket } from '../api/account-links';
import { passkeyErrorText } from '../lib/passkey-error-text';
import { passkeysSupported } from '../lib/webauthn';
import { AddPasskeyForm } from './add-passkey-form';
import { RecoveryRequest } from './recover-account';
import { SignUpForm } from './sign-up-form';

/**
 * /sign-in/{uid}: the built-in provider's sign-in with passkeys
 * (docs/decisions/0051). One button signs in with a passkey this device
 * holds (or a phone's, through the browser's own prompt); below it, a new
 * person creates an account. The provider's interaction `uid` ties it to the
 * sign-in the app started.
 */
export function PasskeySignIn({ uid, invitation }: { uid: string; invitation: string | null }) {
  const { t } = useTranslation();
  const setup = useSignInSetup(uid);
  if (setup.isPending) return <p className="mt-6 text-slate-600">{t('common.loading')}</p>;
  if (setup.isError) {
    return (
      <div className="mt-6 space-y-3 rounded-lg bg-slate-100 p-4 text-slate-800" data-testid="sign-in-expired">
        <p>{passkeyErrorText(setup.error, t)}</p>
        <Button onClick={() => assignLocation('/api/login')}>{t('passkeys.signIn.startAgain')}</Button>
      </div>
    );
  }
  return <SignInChoices uid={uid} setup={setup.data} invitation={invitation} />;
}

/** How the sign-up works here, written out so the key check sees each. */
const SIGN_UP_INTRO_KEYS = {
  email: 'passkeys.signUp.intro',
  operator: 'passkeys.signUp.operatorIntro',
  invitation: 'passkeys.signUp.invitedIntro',
} as const;

type Stage = { kind: 'choose' } | { kind: 'check-email'; email: string } | { kind: 'add-passkey'; ticket: string };

function SignInChoices({ uid, setup, invitation }: { uid: string; setup: SignInSetup; invitation: string | null }) {
  const { t } = useTranslation();
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signIn = async () => {
    setBusy(true);
    setFailure(null);
    try {
      assignLocation(await signInWithPasskey(uid));
    } catch (error) {
      setFailure(passkeyErrorText(error, t));
      setBusy(false);
    }
  };
  const afterSignUp = (result: SignUpResult) =>
    setStage(
      result.status === 'check_email'
        ? { kind: 'check-email', email: result.email }
        : result.status === 'add_passkey'
          ? { kind: 'add-passkey', ticket: result.ticket }
          : { kind: 'choose' },
    );

  if (stage.kind === 'check-email') {
    return (
      <section
        className="mt-6 space-y-3 rounded-xl border border-brand-200 bg-white p-4"
        data-testid="sign-up-check-email"
      >
        <h2 className="text-lg font-semibold text-slate-900">{t('passkeys.signUp.checkEmailTitle')}</h2>
        <p className="wrap-anywhere text-slate-800">{t('passkeys.signUp.checkEmail', { email: stage.email })}</p>
      </section>
    );
  }
  if (stage.kind === 'add-passkey') {
    return (
      <section
        className="mt-6 space-y-3 rounded-xl border border-brand-200 bg-white p-4"
        data-testid="operator-add-passkey"
      >
        <h2 className="text-lg font-semibold text-slate-900">{t('passkeys.add.title')}</h2>
        <p className="text-slate-800">{t('passkeys.add.operatorIntro')}</p>
        <AddPasskeyForm
          register={(name) => registerPasskeyWithTicket(stage.ticket, name)}
          onAdded={() => setStage({ kind: 'choose' })}
        />
      </section>
    );
  }
  const supported = passkeysSupported();
  // Without email, only a member's invitation lets a newcomer in (docs/decisions/0051).
  const canSignUp = setup.signUp !== 'invitation' || invitation !== null;
  return (
    <div className="mt-6 space-y-8">
      <section aria-labelledby="passkey-sign-in" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="passkey-sign-in" className="text-lg font-semibold text-slate-900">
          {t('passkeys.signIn.title')}
        </h2>
        {!setup.passkeys ? (
          <p className="text-slate-800" data-testid="passkeys-unavailable">
            {t('passkeys.signIn.unavailableHere')}
          </p>
        ) : !supported ? (
          <p className="text-slate-800">{t('passkeys.prompt.unsupported')}</p>
        ) : (
          <>
            <p className="text-slate-700">{t('passkeys.signIn.intro')}</p>
            <Button onClick={() => void signIn()} disabled={busy} className="w-full" data-testid="passkey-sign-in">
              <KeyRound aria-hidden="true" className="size-4" />
              {busy ? t('passkeys.signIn.waiting') : t('passkeys.signIn.submit')}
            </Button>
            {failure && (
              <p role="alert" className="text-sm text-red-700" data-testid="passkey-sign-in-error">
                {failure}
              </p>
            )}
            {setup.recovery && <RecoveryRequest />}
          </>
        )}
      </section>
      {setup.passkeys && canSignUp && (
        <section
          aria-labelledby="passkey-sign-up"
          className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
        >
          <h2 id="passkey-sign-up" className="text-lg font-semibold text-slate-900">
            {t('passkeys.signUp.title')}
          </h2>
          <p className="text-slate-700">{t(SIGN_UP_INTRO_KEYS[setup.signUp])}</p>
          <SignUpForm uid={uid} invitation={invitation} onSignedUp={afterSignUp} />
        </section>
      )}
      {!canSignUp && (
        <p className="text-slate-700" data-testid="sign-up-closed">
          {t('passkeys.signUp.closed')}
        </p>
      )}
      {setup.picker && (
        <p className="text-sm text-slate-600">
          <a className="text-brand-800 underline" href={interactionUrl(uid)} data-testid="test-accounts-link">
            {t('passkeys.signIn.testAccounts')}
          </a>
        </p>
      )}
    </div>
  );
}
