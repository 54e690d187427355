import { useTranslation } from 'react-i18next';
import type { LendingRequestStatus } from '@/contract/enums';
import { cn } from '@/client/lib/cn';
import { REQUEST_STATUS_KEYS } from '../message-texts';

/** Text and border colours with at least 4.5:1 contrast on their tint. */
const STATUS_CLASSES: Record<LendingRequestStatus, string> = {
  pending: 'border-amber-300 bg-amber-50 text-amber-900',
  accepted: 'border-green-300 bg-green-50 text-green-900',
  declined: 'border-red-300 bg-red-50 text-red-900',
  borrowed: 'border-sky-300 bg-sky-50 text-sky-900',
  returned: 'border-slate-300 bg-slate-50 text-slate-800',
  withdrawn: 'border-slate-300 bg-slate-50 text-slate-800',
  disputed: 'border-red-300 bg-red-50 text-red-900',
  released: 'border-slate-300 bg-slate-50 text-slate-800',
};

/** Spec §2 Messages: the request's current status (Pending, Accepted, Declined, …). */
export function RequestStatusBadge({ status }: { status: LendingRequestStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex shrink-0 rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        STATUS_CLASSES[status],
      )}
      data-testid="request-status"
      data-status={status}
    >
      {t(REQUEST_STATUS_KEYS[status])}
    </span>
  );
}
