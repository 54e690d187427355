import { AlertTriangle, Camera, CheckCircle2, ClipboardCheck, Heart, MessageSquareReply } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConditionStage } from '@/contract/enums';
import type { ConditionEntry, LoanCondition, LoanSide } from '@/contract/schemas/loan-condition';
import { Button } from '@/client/components/ui/button';
import { FormDialog } from '@/client/components/ui/form-dialog';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { settleProblem, useConditionWrite, useLoanCondition } from '../api/loan-condition';
import { AssessmentAnswerForm, ConditionEntryForm, ProblemReportForm, ReturnAssessmentForm } from './condition-forms';
import { OUTCOME_KEYS, PROBLEM_KEYS } from './condition-labels';
import { ConditionPhotos } from './condition-photos';
import { ThanksForm } from '../thanks/thanks-form';

export type ConditionMode = 'view' | ConditionStage | 'assess' | 'answer' | 'problem' | 'thanks';

export interface LoanConditionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  loanId: string;
  itemName: string;
  /** The other person's name, as the card shows it. */
  partnerName: string;
  /** Open straight on a form: the owner's return, a borrower's problem report. */
  initialMode?: ConditionMode;
}

/**
 * A loan's condition (issue 36, docs/decisions/0048): what both people
 * recorded at hand-out and at return, side by side, how the owner says it
 * came back and the borrower's answer, and the problems with their state.
 * The actions offered are the ones the server says are open now
 * (`allowed`); each opens its form in the same dialog, and Back or Cancel
 * returns to the record.
 */
export function LoanConditionDialog(props: LoanConditionDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t('condition.title', { item: props.itemName })}
      description={t('condition.description', { name: props.partnerName })}
      focusFirstField={false}
      data-testid="loan-condition-dialog"
    >
      <LoanConditionBody {...props} />
    </FormDialog>
  );
}

function LoanConditionBody({ loanId, partnerName, initialMode = 'view' }: LoanConditionDialogProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<ConditionMode>(initialMode);
  const query = useLoanCondition(loanId);
  const back = () => setMode('view');
  if (mode === 'handover' || mode === 'return')
    return <ConditionEntryForm loanId={loanId} stage={mode} onDone={back} />;
  if (mode === 'assess') return <ReturnAssessmentForm loanId={loanId} onDone={back} />;
  if (mode === 'answer') return <AssessmentAnswerForm loanId={loanId} onDone={back} />;
  if (mode === 'problem') return <ProblemReportForm loanId={loanId} onDone={back} />;
  if (mode === 'thanks') return <ThanksForm loanId={loanId} partnerName={partnerName} onDone={back} />;
  if (query.isPending) return <p className="text-sm text-slate-600">{t('common.loading')}</p>;
  if (query.isError) return <p className="text-sm text-red-700">{t('condition.loadFailed')}</p>;
  return <ConditionRecord condition={query.data} partnerName={partnerName} onMode={setMode} />;
}

function ConditionRecord({
  condition,
  partnerName,
  onMode,
}: {
  condition: LoanCondition;
  partnerName: string;
  onMode: (mode: ConditionMode) => void;
}) {
  const { t } = useTranslation();
  const { allowed } = condition;
  const who = (side: LoanSide) => (side === condition.viewer ? t('condition.you') : partnerName);
  const at = (stage: ConditionStage) => condition.entries.filter((entry) => entry.stage === stage);
  const nothingYet =
    condition.entries.length === 0 &&
    condition.problems.length === 0 &&
    !condition.assessment &&
    !condition.thanks.given &&
    !condition.thanks.received;
  return (
    <div className="min-w-0 space-y-5" data-testid="loan-condition">
      {condition.problems.length > 0 && <Problems condition={condition} who={who} />}
      {nothingYet && <p className="text-sm text-slate-600">{t('condition.nothingYet')}</p>}
      {condition.entries.length > 0 && (
        // Hand-out and return side by side at every width, so the two can be compared at a glance (two 80 px photos fit 360 px).
        <div className="grid min-w-0 grid-cols-2 gap-4" data-testid="condition-compare">
          <Stage title={t('condition.atHandover')} entries={at('handover')} who={who} testId="condition-handover" />
          <Stage title={t('condition.atReturn')} entries={at('return')} who={who} testId="condition-return" />
        </div>
      )}
      {condition.assessment && (
        <section className="space-y-1 rounded-lg border border-slate-200 p-3" data-testid="condition-assessment">
          <h3 className="text-sm font-semibold text-slate-900">{t('condition.cameBack')}</h3>
          <p className="text-sm text-slate-900">{t(OUTCOME_KEYS[condition.assessment.outcome])}</p>
          {condition.assessment.note && (
            <p className="text-sm break-words whitespace-pre-line text-slate-700">{condition.assessment.note}</p>
          )}
          {condition.assessment.answer && (
            <p className="text-sm break-words whitespace-pre-line text-slate-700" data-testid="condition-answer">
              <span className="font-medium">{t('condition.answerBy', { name: who('borrower') })}</span>{' '}
              {condition.assessment.answer}
            </p>
          )}
        </section>
      )}
      <LoanThanks condition={condition} partnerName={partnerName} />
      <div className="flex flex-wrap gap-2">
        {allowed.thank && (
          <Button variant="primary" size="sm" onClick={() => onMode('thanks')} data-testid="condition-thank">
            <Heart className="h-4 w-4" aria-hidden="true" />
            {t('thanks.action')}
          </Button>
        )}
        {allowed.handover && (
          <Button variant="secondary" size="sm" onClick={() => onMode('handover')} data-testid="condition-add-handover">
            <Camera className="h-4 w-4" aria-hidden="true" />
            {t('condition.addHandover')}
          </Button>
        )}
        {allowed.return && (
          <Button variant="secondary" size="sm" onClick={() => onMode('return')} data-testid="condition-add-return">
            <Camera className="h-4 w-4" aria-hidden="true" />
            {t('condition.addReturn')}
          </Button>
        )}
        {allowed.assess && (
          <Button variant="secondary" size="sm" onClick={() => onMode('assess')} data-testid="condition-assess">
            <ClipboardCheck className="h-4 w-4" aria-hidden="true" />
            {t('condition.assess')}
          </Button>
        )}
        {allowed.answer && (
          <Button variant="secondary" size="sm" onClick={() => onMode('answer')} data-testid="condition-answer-open">
            <MessageSquareReply className="h-4 w-4" aria-hidden="true" />
            {t('condition.answer')}
          </Button>
        )}
        {allowed.reportProblem && (
          <Button variant="secondary" size="sm" onClick={() => onMode('problem')} data-testid="condition-report">
            <AlertTriangle className="h-4 w-4" aria-hidden="true" />
            {t('condition.report')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** Thanks on this loan, given and received (issue 36): words, never a score. */
function LoanThanks({ condition, partnerName }: { condition: LoanCondition; partnerName: string }) {
  const { t } = useTranslation();
  const { given, received } = condition.thanks;
  if (!given && !received) return null;
  return (
    <section className="space-y-1 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-950" data-testid="condition-thanks">
      {received && (
        <p className="break-words">
          <span className="font-medium">{t('thanks.receivedFrom', { name: partnerName })}</span>
          {received.note && <> {received.note}</>}
        </p>
      )}
      {given && (
        <p className="break-words">
          <span className="font-medium">{t('thanks.givenTo', { name: partnerName })}</span>
          {given.note && <> {given.note}</>}
        </p>
      )}
    </section>
  );
}

function Stage({
  title,
  entries,
  who,
  testId,
}: {
  title: string;
  entries: ConditionEntry[];
  who: (side: LoanSide) => string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="min-w-0 space-y-2" data-testid={testId}>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {entries.length === 0 && <p className="text-sm text-slate-600">{t('condition.noneRecorded')}</p>}
      {entries.map((entry) => (
        <div key={entry.by} className="min-w-0 space-y-1">
          <p className="text-xs font-medium break-words text-slate-600">{who(entry.by)}</p>
          <ConditionPhotos photos={entry.photos} label={t('condition.photoOf', { stage: title })} />
          {entry.note && <p className="text-sm break-words whitespace-pre-line text-slate-800">{entry.note}</p>}
        </div>
      ))}
    </section>
  );
}

function Problems({ condition, who }: { condition: LoanCondition; who: (side: LoanSide) => string }) {
  const { t, i18n } = useTranslation();
  const settle = useConditionWrite((problemId: string) => settleProblem(condition.loanId, problemId));
  return (
    <section className="space-y-2" data-testid="condition-problems">
      <h3 className="text-sm font-semibold text-slate-900">{t('condition.problems')}</h3>
      {condition.problems.map((problem) => (
        <div
          key={problem.id}
          className={
            problem.settledAt
              ? 'min-w-0 space-y-1 rounded-lg border border-slate-200 p-3'
              : 'min-w-0 space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3'
          }
          data-testid="condition-problem"
        >
          <p className="text-sm font-medium break-words text-slate-900">
            {t(PROBLEM_KEYS[problem.kind])} · {t('condition.reportedBy', { name: who(problem.by) })}
          </p>
          {problem.note && <p className="text-sm break-words whitespace-pre-line text-slate-800">{problem.note}</p>}
          <ConditionPhotos photos={problem.photos} label={t('condition.problemPhoto')} />
          {problem.settledAt ? (
            <p className="flex items-center gap-1 text-sm text-emerald-800">
              <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
              {t('condition.settled')}
            </p>
          ) : (
            condition.allowed.settle && (
              <Button
                variant="secondary"
                size="sm"
                disabled={settle.isPending}
                onClick={() =>
                  void runWithToasts(() => settle.mutateAsync(problem.id), i18n, {
                    failure: t('condition.toasts.saveFailed'),
                    success: { title: t('condition.toasts.settled') },
                  })
                }
                data-testid="condition-settle"
              >
                {t('condition.settle')}
              </Button>
            )
          )}
        </div>
      ))}
    </section>
  );
}
