import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/client/lib/query-client';
import { CONTACTS_URL } from '@/client/lib/query-keys/contact-query-keys';
import { contactLoansUrl, itemLoansUrl, LOAN_COUNTS_URL } from '@/client/lib/query-keys/loan-query-keys';
import { BOB_ID, makeContact } from '@/client/testing/contact-fixtures';
import { DRILL_ID } from '@/client/testing/make-item';
import { mockFetch } from '@/client/testing/mock-fetch';
import { useUpdateContact } from './update-contact';

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

// Issue 19: the item histories name the borrower, so renaming a contact refreshes every history.
describe('useUpdateContact', () => {
  it('renaming a contact', async () => {
    mockFetch({ [`${CONTACTS_URL}/${BOB_ID}`]: { body: makeContact({ name: 'Robert' }) } });
    expect(await staleHistoryAfter(useUpdateContact, { id: BOB_ID, changes: { name: 'Robert' } })).toEqual(
      HISTORY_KEYS,
    );
  });
});
