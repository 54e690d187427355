import type { OwnItem } from '../../../contract/schemas/item';
import type { CategoryFilter } from './components/category-select';

/** Spec §2 My Items: all, available, in use (in use by the owner or lent out), requested (a pending request). */
export const MY_ITEMS_STATUS_FILTERS = ['all', 'available', 'in_use', 'requested'] as const;
export type MyItemsStatusFilter = (typeof MY_ITEMS_STATUS_FILTERS)[number];

export interface MyItemsFilters {
  status: MyItemsStatusFilter;
  category: CategoryFilter;
  /** As typed; matched trimmed and case-insensitively against name and description. */
  text: string;
}

export const NO_MY_ITEMS_FILTERS: MyItemsFilters = { status: 'all', category: 'all', text: '' };

export function matchesStatus(item: OwnItem, status: MyItemsStatusFilter): boolean {
  switch (status) {
    case 'all':
      return true;
    case 'available':
      return item.status === 'available';
    case 'in_use':
      return item.status === 'in_use' || item.status === 'borrowed';
    case 'requested':
      return item.requestCounts.pending > 0;
  }
}

/** How many items each status button would show (over all items, whatever the search and category). */
export function countByStatus(items: readonly OwnItem[]): Record<MyItemsStatusFilter, number> {
  const counts = { all: 0, available: 0, in_use: 0, requested: 0 };
  for (const item of items) {
    for (const status of MY_ITEMS_STATUS_FILTERS) if (matchesStatus(item, status)) counts[status] += 1;
  }
  return counts;
}

export function matchesText(item: OwnItem, text: string): boolean {
  const needle = text.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return [item.name, item.description ?? ''].some((field) => field.toLocaleLowerCase().includes(needle));
}

export function filterMyItems(items: readonly OwnItem[], filters: MyItemsFilters): OwnItem[] {
  return items.filter(
    (item) =>
      matchesStatus(item, filters.status) &&
      (filters.category === 'all' || item.category === filters.category) &&
      matchesText(item, filters.text),
  );
}
