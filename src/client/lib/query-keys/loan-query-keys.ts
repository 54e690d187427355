import type { QueryClient } from '@tanstack/react-query';
import { CONTACTS_URL } from './contact-query-keys';
import { itemUrl } from './item-query-keys';
import { lendingRequestUrl } from './lending-query-keys';

/**
 * URLs of the loan-history endpoints (issue 19, docs/decisions/0028). Each
 * query's key starts with its URL (the house pattern). Here rather than in
 * features/loan-history because every lending step changes the history
 * (lending's invalidation refreshes it) and the dispute is a lending step.
 */
/** GET: the owner's history of one item; POST: record a loan of it. Under the item URLs, so item refreshes reach it. */
export const itemLoansUrl = (itemId: string) => `${itemUrl(itemId)}/loans`;
export const contactLoansUrl = (contactId: string) => `${CONTACTS_URL}/${encodeURIComponent(contactId)}/loans`;
export const LOAN_COUNTS_URL = '/api/user/loan-counts';
export const disputeLoanUrl = (lendingRequestId: string) => `${lendingRequestUrl(lendingRequestId)}/dispute`;

/** Whether a query key is one of the history queries (an item's or a contact's loans, the counts). */
function isLoanHistoryKey(query: { queryKey: readonly unknown[] }): boolean {
  const [url] = query.queryKey;
  if (typeof url !== 'string') return false;
  return url === LOAN_COUNTS_URL || (url.startsWith('/api/') && url.endsWith('/loans'));
}

/** After a loan is recorded, handed out, returned or disputed: every history list and the counts. */
export function invalidateLoanHistoryQueries(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: isLoanHistoryKey });
}
