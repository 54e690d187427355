import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import { Spinner } from '../../components/ui/spinner';
import { storeReferral } from '../../features/referral/referral-storage';

/**
 * /invite?ref=… (spec §2 Invite page): keeps the opaque referral for after
 * sign-in and hands over to the landing page, which shows the invited banner.
 */
export function InvitePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const ref = params.get('ref');

  useEffect(() => {
    if (ref) {
      storeReferral(ref);
      navigate(`/?ref=${encodeURIComponent(ref)}`, { replace: true });
    } else {
      navigate('/', { replace: true });
    }
  }, [ref, navigate]);

  return <Spinner fullScreen label={t('invite.redirecting')} />;
}
