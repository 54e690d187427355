import type { ItemCategory, ItemStatus } from '../../contract/enums';

/** Translation keys of the item categories, 'all' for the filters' "All categories". */
export const CATEGORY_LABEL_KEYS = {
  all: 'items.categories.all',
  electronics: 'items.categories.electronics',
  tools: 'items.categories.tools',
  books: 'items.categories.books',
  sports: 'items.categories.sports',
  kitchen: 'items.categories.kitchen',
  furniture: 'items.categories.furniture',
  clothing: 'items.categories.clothing',
  toys: 'items.categories.toys',
  outdoor: 'items.categories.outdoor',
  other: 'items.categories.other',
} as const satisfies Record<ItemCategory | 'all', string>;

export const STATUS_LABEL_KEYS = {
  available: 'items.statuses.available',
  in_use: 'items.statuses.in_use',
  borrowed: 'items.statuses.borrowed',
} as const satisfies Record<ItemStatus, string>;

/** Dark text on a light tint (AA contrast for every status): the status badge's colours wherever an item shows one. */
export const STATUS_CLASSES: Record<ItemStatus, string> = {
  available: 'bg-emerald-100 text-emerald-900',
  in_use: 'bg-amber-100 text-amber-900',
  borrowed: 'bg-sky-100 text-sky-900',
};
