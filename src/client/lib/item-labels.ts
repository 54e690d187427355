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
