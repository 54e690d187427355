import type { OwnItem } from '@/contract/schemas/item';
import type { CategoryFilter } from './components/category-select';

/**
 * Spec §2 My Items: all, available, in use (in use by the owner or lent out),
 * requested (a pending request); and overdue (issue 18: lent out past its due date).
 */
export const MY_ITEMS_STATUS_FILTERS = ['all', 'available', 'in_use', 'requested', 'overdue'] as const;
export type MyItemsStatusFilter = (typeof MY_ITEMS_STATUS_FILTERS)[number];

export interface MyItemsFilters {
  status: MyItemsStatusFilter;
  category: CategoryFilter;
  /** As typed; matched trimmed and case-insensitively against name and description. */
  text: string;
}

export const NO_MY_ITEMS_FILTERS: MyItemsFilters = { status: 'all', category: 'all', text: '' };

/** The ids of the items lent out past their due date (the page knows the loans; see isOverdueLoan in lib/loan-due). */
export type OverdueItemIds = ReadonlySet<string>;

export function matchesStatus(item: OwnItem, status: MyItemsStatusFilter, overdue: OverdueItemIds): boolean {
  switch (status) {
    case 'all':
      return true;
    case 'available':
      return item.status === 'available';
    case 'in_use':
      return item.status === 'in_use' || item.status === 'borrowed';
    case 'requested':
      return item.requestCounts.pending > 0;
    case 'overdue':
      return overdue.has(item.id);
  }
}

/** How many items each status button would show (over all items, whatever the search and category). */
export function countByStatus(items: readonly OwnItem[], overdue: OverdueItemIds): Record<MyItemsStatusFilter, number> {
  const counts = { all: 0, available: 0, in_use: 0, requested: 0, overdue: 0 };
  for (const item of items) {
    for (const status of MY_ITEMS_STATUS_FILTERS) if (matchesStatus(item, status, overdue)) counts[status] += 1;
  }
  return counts;
}

export function matchesText(item: OwnItem, text: string): boolean {
  const needle = text.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return [item.name, item.description ?? ''].some((field) => field.toLocaleLowerCase().includes(needle));
}

export function filterMyItems(items: readonly OwnItem[], filters: MyItemsFilters, overdue: OverdueItemIds): OwnItem[] {
  return items.filter(
    (item) =>
      matchesStatus(item, filters.status, overdue) &&
      (filters.category === 'all' || item.category === filters.category) &&
      matchesText(item, filters.text),
  );
}
