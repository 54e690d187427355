import { describe, expect, it } from 'vitest';
import {
  DONATION_BANNER_STORAGE_KEY,
  isDonationBannerDue,
  recordDonationBannerShown,
  shouldShowDonationBanner,
} from './donation';

const NOW = new Date('2026-03-20T12:00:00.000Z');
const daysBefore = (days: number, hours = 0) =>
  new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000 - hours * 60 * 60 * 1000).toISOString();

describe('isDonationBannerDue (spec §9: again only after 15 days or more)', () => {
  it.each([
    { name: 'never shown', last: null, due: true },
    { name: 'an unreadable time', last: 'yesterday', due: true },
    { name: 'shown just now', last: NOW.toISOString(), due: false },
    { name: '14 days 23 hours ago', last: daysBefore(14, 23), due: false },
    { name: 'exactly 15 days ago', last: daysBefore(15), due: true },
    { name: '40 days ago', last: daysBefore(40), due: true },
  ])('$name → $due', ({ last, due }) => {
    expect(isDonationBannerDue(last, NOW)).toBe(due);
  });
});

describe('shouldShowDonationBanner / recordDonationBannerShown', () => {
  it('shows once, then not again until 15 days have passed', () => {
    expect(shouldShowDonationBanner(NOW, localStorage)).toBe(true);
    recordDonationBannerShown(NOW, localStorage);
    expect(localStorage.getItem(DONATION_BANNER_STORAGE_KEY)).toBe(NOW.toISOString());
    expect(shouldShowDonationBanner(new Date(daysBefore(-14)), localStorage)).toBe(false);
    expect(shouldShowDonationBanner(new Date(daysBefore(-15)), localStorage)).toBe(true);
  });

  it('stays hidden when storage cannot be read', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(shouldShowDonationBanner(NOW, broken)).toBe(false);
    expect(() => recordDonationBannerShown(NOW, broken)).not.toThrow();
  });
});
