import type { LoanExtension } from '@/contract/schemas/loans';
import type { ExtensionRow } from './request-extension';

/** A loan_extension_requests row as the API shows it. */
export function presentLoanExtension(row: ExtensionRow): LoanExtension {
  return {
    id: row.id,
    lendingRequestId: row.lendingRequestId,
    requesterId: row.requesterId,
    requestedUntil: row.requestedUntil,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    respondedAt: row.respondedAt?.toISOString() ?? null,
  };
}
