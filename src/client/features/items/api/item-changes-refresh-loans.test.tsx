import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/client/lib/query-client';
import { itemUrl } from '@/client/lib/query-keys/item-query-keys';
import { contactLoansUrl, itemLoansUrl, LOAN_COUNTS_URL } from '@/client/lib/query-keys/loan-query-keys';
import { BOB_ID } from '@/client/testing/contact-fixtures';
import { DRILL_ID, makeOwnItem } from '@/client/testing/make-item';
import { mockFetch } from '@/client/testing/mock-fetch';
import type { ItemSaveBody } from './create-item';
import { useDeleteItem } from './delete-item';
import { useUpdateItem } from './update-item';

const HISTORY_KEYS = [itemLoansUrl(DRILL_ID), contactLoansUrl(BOB_ID), LOAN_COUNTS_URL];

/** Runs one mutation hook with every loan-history query cached, and tells which of them went stale. */
async function staleHistoryAfter<T>(useHook: () => { mutateAsync: (variables: T) => Promise<unknown> }, variables: T) {
  const queryClient = createQueryClient();
  for (const key of HISTORY_KEYS) queryClient.setQueryData([key], []);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(useHook, { wrapper });
  await act(() => view.result.current.mutateAsync(variables));
  return HISTORY_KEYS.filter((key) => queryClient.getQueryState([key])?.isInvalidated);
}

// Issue 19: a history row names the item and the borrower, so renaming or deleting an item refreshes every history.
describe('item changes refresh the loan histories', () => {
  it('deleting an item', async () => {
    mockFetch({ [itemUrl(DRILL_ID)]: { status: 204 } });
    expect(await staleHistoryAfter(useDeleteItem, DRILL_ID)).toEqual(HISTORY_KEYS);
  });

  it('renaming an item', async () => {
    const item = makeOwnItem();
    mockFetch({ [itemUrl(DRILL_ID)]: { body: item } });
    const changes: ItemSaveBody = {
      name: 'Drill',
      description: '',
      category: item.category,
      status: 'available',
      imageUrl: '',
      photoIds: [],
      personalUseUntil: null,
    };
    expect(await staleHistoryAfter(useUpdateItem, { itemId: DRILL_ID, changes })).toEqual(HISTORY_KEYS);
  });
});
