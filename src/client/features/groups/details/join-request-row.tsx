import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JoinRequest } from '@/contract/schemas/group';
import { LIMITS } from '@/contract/limits';
import { Button, type ButtonVariant } from '@/client/components/ui/button';
import { TextareaField } from '@/client/components/ui/form-field';
import { toast } from '@/client/components/ui/toast-store';
import { useDateFormatters } from '@/client/i18n/use-date-formatters';
import { useApproveJoinRequest } from '../api/approve-join-request';
import { useDenyJoinRequest } from '../api/deny-join-request';
import { toastGroupError } from './group-error-message';

type Decision = 'approve' | 'deny';

/** How each decision looks and what it says once done or failed. */
const DECISIONS = {
  approve: {
    icon: Check,
    variant: 'primary',
    labelKey: 'groups.details.joinRequests.approve',
    namedLabelKey: 'groups.details.joinRequests.approveNamed',
    doneKey: 'groups.details.joinRequests.accepted',
    failedKey: 'groups.details.joinRequests.approveFailed',
  },
  deny: {
    icon: X,
    variant: 'secondary',
    labelKey: 'groups.details.joinRequests.deny',
    namedLabelKey: 'groups.details.joinRequests.denyNamed',
    doneKey: 'groups.details.joinRequests.declined',
    failedKey: 'groups.details.joinRequests.denyFailed',
  },
} as const satisfies Record<Decision, { variant: ButtonVariant } & Record<string, unknown>>;

interface JoinRequestRowProps {
  groupId: string;
  request: JoinRequest;
}

/**
 * One pending request (spec §2): who, when, their message, an optional answer
 * and Approve / Deny. Either decision clears the typed answer (spec §4).
 */
export function JoinRequestRow({ groupId, request }: JoinRequestRowProps) {
  const { t, i18n } = useTranslation();
  const { formatDate } = useDateFormatters();
  const [response, setResponse] = useState('');
  const approve = useApproveJoinRequest();
  const deny = useDenyJoinRequest();
  const pending = approve.isPending || deny.isPending;
  const { name, username } = request.user;

  const mutations = { approve, deny };

  const decide = (decision: Decision) => {
    const { doneKey, failedKey } = DECISIONS[decision];
    mutations[decision].mutate(
      { groupId, requestId: request.id, adminResponse: response },
      {
        onSuccess: () => {
          setResponse('');
          toast({ title: t(doneKey) });
        },
        onError: (error) => toastGroupError(t(failedKey), error, i18n),
      },
    );
  };

  return (
    <li
      className="space-y-3 rounded-lg border border-slate-200 p-3"
      data-testid="join-request"
      data-request-id={request.id}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0">
          <span className="font-semibold break-words text-slate-900">{name}</span>{' '}
          <span className="text-sm text-slate-600">@{username}</span>
        </p>
        <p className="text-sm text-slate-600">
          {t('groups.details.joinRequests.requestedOn', { date: formatDate(request.requestedAt) })}
        </p>
      </div>
      {request.requestMessage && (
        <blockquote className="rounded-md bg-slate-50 px-3 py-2 text-sm whitespace-pre-line text-slate-800">
          {request.requestMessage}
        </blockquote>
      )}
      <TextareaField
        label={t('groups.details.joinRequests.response', { name })}
        placeholder={t('groups.details.joinRequests.responsePlaceholder')}
        rows={2}
        limit={LIMITS.joinMessageMax}
        value={response}
        onChange={(event) => setResponse(event.target.value)}
        disabled={pending}
        data-testid="join-response"
      />
      <div className="flex flex-wrap gap-2">
        {(['approve', 'deny'] as const).map((decision) => {
          const { icon: Icon, variant, labelKey, namedLabelKey } = DECISIONS[decision];
          return (
            <Button
              key={decision}
              size="sm"
              variant={variant}
              onClick={() => decide(decision)}
              disabled={pending}
              aria-label={t(namedLabelKey, { name })}
              data-testid={`${decision}-request`}
            >
              <Icon className="h-4 w-4" aria-hidden="true" />
              {t(labelKey)}
            </Button>
          );
        })}
      </div>
    </li>
  );
}
