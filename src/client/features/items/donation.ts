import { LIMITS } from '@/contract/limits';

/**
 * The external donation page the banner links to (opens in a new tab), set
 * when the client is built (`VITE_DONATION_URL`, https only). Without one the
 * banner never shows: a link to nowhere is worse than no banner.
 */
export const DONATION_URL: string | undefined = httpsUrlOrUndefined(import.meta.env.VITE_DONATION_URL);

function httpsUrlOrUndefined(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    return new URL(value).protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** When the banner was last shown (ISO time), kept on this device only and never sent. */
export const DONATION_BANNER_STORAGE_KEY = 'lendloop.donationBannerShownAt';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Spec §9: again only after 15 days or more; never shown, or an unreadable time, means due. */
export function isDonationBannerDue(lastShownAt: string | null, now: Date): boolean {
  if (lastShownAt === null) return true;
  const last = Date.parse(lastShownAt);
  if (Number.isNaN(last)) return true;
  return now.getTime() - last >= LIMITS.donationBannerIntervalDays * DAY_MS;
}

/** Whether to show the banner now. Without usable storage it stays hidden: better never than on every opening. */
export function shouldShowDonationBanner(
  now: Date = new Date(),
  storage: Storage | undefined = globalThis.localStorage,
) {
  try {
    return (
      DONATION_URL !== undefined &&
      storage !== undefined &&
      isDonationBannerDue(storage.getItem(DONATION_BANNER_STORAGE_KEY), now)
    );
  } catch {
    return false;
  }
}

/** Records a showing, so the banner appears at most once per interval. */
export function recordDonationBannerShown(
  now: Date = new Date(),
  storage: Storage | undefined = globalThis.localStorage,
) {
  try {
    storage?.setItem(DONATION_BANNER_STORAGE_KEY, now.toISOString());
  } catch {
    // Storage full or blocked: shouldShowDonationBanner then hides it anyway.
  }
}
