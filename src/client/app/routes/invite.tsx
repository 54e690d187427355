import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import { Spinner } from '../../components/ui/spinner';
import { storeReferral } from '../../features/referral/referral-storage';

/**
 * /invite?ref=… (spec §2 Invite page): keeps the opaque referral for after
 * sign-in and hands over to the landing page, which shows the invited banner.
 *
 * The spec's two other states live elsewhere on purpose:
 * - "No invitation data" (no `ref`) is the plain redirect to /: there is
 *   nothing to show, and the landing page is where a visitor starts anyway.
 * - "Invalid or corrupted invite link" is decided by the server, so the
 *   landing page's banner shows it once GET /api/referral/preview refuses the
 *   `ref`, and drops the stored value again (features/referral/use-invitation.ts).
 * Signed in, the stored value is posted by useProcessReferral (spec §4).
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
