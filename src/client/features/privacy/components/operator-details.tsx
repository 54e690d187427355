import { useTranslation } from 'react-i18next';
import { useOperator } from '../api/get-operator';

/** Shown where a detail the operator has not configured would be: the policy says so plainly. */
function MissingNotice({ text, testId }: { text: string; testId: string }) {
  return (
    <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid={testId}>
      {text}
    </p>
  );
}

function LoadingLines() {
  return (
    <div className="space-y-2" aria-hidden="true">
      <div className="h-4 w-40 animate-pulse rounded bg-slate-200" />
      <div className="h-4 w-56 animate-pulse rounded bg-slate-200" />
    </div>
  );
}

/** The data controller: the operator's name and postal address from the server's configuration. */
export function OperatorAddress() {
  const { t } = useTranslation('privacy');
  const operator = useOperator();
  if (operator.isPending) return <LoadingLines />;
  if (operator.isError) {
    return <MissingNotice text={t('privacy:policy.operatorLoadFailed')} testId="operator-load-failed" />;
  }
  const { name, address } = operator.data;
  return (
    <div className="space-y-2">
      {(name !== null || address !== null) && (
        <address className="rounded-lg bg-slate-50 px-3 py-2 not-italic" data-testid="operator-address">
          {name !== null && <span className="block font-semibold text-slate-900">{name}</span>}
          {address !== null && <span className="block whitespace-pre-line text-slate-800">{address}</span>}
        </address>
      )}
      {(name === null || address === null) && (
        <MissingNotice text={t('privacy:policy.operatorMissing')} testId="operator-missing" />
      )}
    </div>
  );
}

/** The operator's contact email as a mail link, or the notice that there is none yet. */
export function OperatorEmail() {
  const { t } = useTranslation('privacy');
  const operator = useOperator();
  // A failed load is reported once, beside the operator's address.
  if (operator.isPending || operator.isError) return operator.isPending ? <LoadingLines /> : null;
  const { email } = operator.data;
  if (email === null) {
    return <MissingNotice text={t('privacy:policy.operatorEmailMissing')} testId="operator-email-missing" />;
  }
  return (
    <p className="text-slate-800">
      {t('privacy:policy.operatorEmailLabel')}{' '}
      <a
        href={`mailto:${email}`}
        className="font-medium break-all text-brand-700 underline underline-offset-2 hover:text-brand-800"
        data-testid="operator-email"
      >
        {email}
      </a>
    </p>
  );
}

/**
 * The object storage service that keeps photo files, named as a processor,
 * when the operator uses one (docs/decisions/0050); nothing otherwise.
 */
export function PhotoStorageProcessor() {
  const { t } = useTranslation('privacy');
  const operator = useOperator();
  const host = operator.data?.photoStorage?.host;
  if (!host) return null;
  return (
    <li className="wrap-anywhere" data-testid="policy-photo-storage">
      {t('privacy:policy.sections.sharing.items.photoStorage', { host })}
    </li>
  );
}
