import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { PageFrame } from '../../components/layouts/page-frame';
import { ConfirmEmail } from '../../features/passkeys/components/confirm-email';
import { RecoverAccount } from '../../features/passkeys/components/recover-account';
import { readReferral } from '../../features/referral/referral-storage';
import { PasskeySignIn } from '../../features/passkeys/components/sign-in-with-passkey';

/** /sign-in/{uid}: the built-in provider's sign-in with passkeys (docs/decisions/0051). */
export function PasskeySignInPage() {
  const { t } = useTranslation();
  const { uid = '' } = useParams<{ uid: string }>();
  return (
    <PageFrame title={t('passkeys.signIn.heading')} width="narrow" className="max-w-md">
      <PasskeySignIn uid={uid} invitation={readReferral()} />
    </PageFrame>
  );
}

/** /account/confirm#{token}: the sign-up mail's link, then the first passkey (docs/decisions/0051). */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('passkeys.confirm.heading')} width="narrow" className="max-w-md">
      <ConfirmEmail />
    </PageFrame>
  );
}

/** /account/recover#{token}: the recovery mail's link, then a new passkey (docs/decisions/0051). */
export function RecoverAccountPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('passkeys.recover.heading')} width="narrow" className="max-w-md">
      <RecoverAccount />
    </PageFrame>
  );
}
