import type { OwnItem, SharedItem } from '../../contract/schemas/item';

export const DRILL_ID = '8b0e7c6a-3f1d-4c2b-9a8e-1d2c3b4a5f60';

/** Noon, `days` local calendar days before today: a createdAt whose "N days ago" holds in any time zone. */
export function daysAgo(days: number): string {
  const date = new Date();
  date.setHours(12, 0, 0, 0);
  date.setDate(date.getDate() - days);
  return date.toISOString();
}

const base = {
  id: DRILL_ID,
  userId: 'user-1',
  name: 'Cordless drill',
  description: 'With two batteries and a box of bits.',
  category: 'tools',
  status: 'available',
  imageUrl: null,
  photos: [],
  personalUseUntil: null,
  owner: { name: 'Annabel Lee' },
  createdAt: daysAgo(3),
  updatedAt: daysAgo(3),
} satisfies Partial<OwnItem>;

/** An item of the signed-in user (user-1) as GET /api/items/my returns it: shared, no requests. */
export function makeOwnItem(overrides: Partial<OwnItem> = {}): OwnItem {
  return {
    ...base,
    sharedWithCount: 2,
    requestCounts: { pending: 0, accepted: 0, other: 0 },
    unregisteredBorrower: null,
    ...overrides,
  };
}

/** Someone else's item as GET /api/items/available returns it. */
export function makeSharedItem(overrides: Partial<SharedItem> = {}): SharedItem {
  return {
    ...base,
    userId: 'user-2',
    owner: { name: 'Greta Gardener' },
    sharedViaGroups: [],
    promised: false,
    ...overrides,
  };
}
