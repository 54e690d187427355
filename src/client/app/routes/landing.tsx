import { CallToAction } from '../../features/landing/components/call-to-action';
import { FeatureCards } from '../../features/landing/components/feature-cards';
import { Hero } from '../../features/landing/components/hero';
import { InvitedBanner } from '../../features/referral/components/invited-banner';
import { LandingFooter } from '../layouts/landing-footer';
import { LandingHeader } from '../../features/landing/components/landing-header';
import { useLandingSignIn, useReferralParam } from '../../features/referral/use-landing-sign-in';
import { useInvitation } from '../../features/referral/use-invitation';

/** Signed-out home (spec §2 Landing). Imports nothing of the signed-in app, to keep the first load small. */
export function LandingPage() {
  const ref = useReferralParam();
  const invitation = useInvitation(ref);
  // A refused invite link is not kept for after sign-in.
  const startSignIn = useLandingSignIn(invitation?.status === 'invalid' ? null : ref);

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <LandingHeader onSignIn={startSignIn} />
      <main id="main-content" className="flex-1">
        {invitation && <InvitedBanner invitation={invitation} onSignIn={startSignIn} />}
        <Hero onSignIn={startSignIn} />
        <FeatureCards />
        <CallToAction onSignIn={startSignIn} />
      </main>
      <LandingFooter />
    </div>
  );
}
