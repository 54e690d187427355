import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '@/contract/limits';
import type { ProcessReferralResult } from '@/contract/schemas/referral';
import { toast } from '../../components/ui/toast-store';
import { processReferral } from './api/process-referral';
import { clearReferral, readReferral } from './referral-storage';

/** Seams for tests; the app passes none. */
export interface ProcessReferralOptions {
  post?: (referralData: string) => Promise<ProcessReferralResult>;
  /** Full page reload; jsdom cannot reload. */
  reload?: () => void;
  storage?: Storage;
}

function reloadPage(): void {
  window.location.reload();
}

/**
 * Referral values posted (or being posted) in this page load. Module scope, so
 * neither StrictMode's mount-unmount-mount nor a remount of the signed-in app
 * posts the same value twice.
 */
const attempted = new Set<string>();

/**
 * Spec §4 Referral: 1 s after the signed-in app mounts, a referral kept in
 * session storage (see /invite and the landing page) is posted once. Success:
 * storage cleared, a toast, and 2 s later a page reload so the new contact
 * shows everywhere (skipped when the server says nothing changed). Failure:
 * storage cleared, only logged (spec §8 "Referral failure: only logged").
 */
export function useProcessReferral(options: ProcessReferralOptions = {}): void {
  const { t } = useTranslation();
  const latest = useRef({ t, options });

  useEffect(() => {
    latest.current = { t, options };
  });

  useEffect(() => {
    let mounted = true;
    let reloadTimer: number | undefined;

    const delayTimer = window.setTimeout(() => {
      const { storage, post = processReferral } = latest.current.options;
      const referral = readReferral(storage);
      if (!referral || attempted.has(referral)) return;
      attempted.add(referral);

      post(referral).then(
        (result) => {
          clearReferral(storage);
          const { t: translate, options: current } = latest.current;
          toast({
            title: translate(result.linked ? 'referral.connected.title' : 'referral.alreadyConnected.title', {
              inviterName: result.inviterName,
            }),
            description: result.linked ? translate('referral.connected.reloading') : undefined,
          });
          if (result.linked && mounted) {
            reloadTimer = window.setTimeout(current.reload ?? reloadPage, TIMINGS.referralReloadMs);
          }
        },
        (error: unknown) => {
          clearReferral(storage);
          console.warn('The stored referral could not be processed and was dropped.', error);
        },
      );
    }, TIMINGS.referralDelayMs);

    return () => {
      mounted = false;
      window.clearTimeout(delayTimer);
      window.clearTimeout(reloadTimer);
    };
  }, []);
}
