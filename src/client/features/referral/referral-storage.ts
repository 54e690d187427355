/**
 * The invite `ref` value survives the sign-in round trip in session storage
 * (spec §3 "Referral data: opaque string in session storage"); a later issue
 * posts it to /api/referral/process after sign-in.
 */
export const REFERRAL_STORAGE_KEY = 'lendloop.referral';

export function storeReferral(value: string, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(REFERRAL_STORAGE_KEY, value);
  } catch {
    // Storage can be unavailable (private mode, quota): the invite still works, only the referral is lost.
  }
}

export function readReferral(storage: Storage = sessionStorage): string | null {
  try {
    return storage.getItem(REFERRAL_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function clearReferral(storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(REFERRAL_STORAGE_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
