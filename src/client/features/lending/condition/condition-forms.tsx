import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConditionStage } from '@/contract/enums';
import { LOAN_PROBLEM_KINDS, RETURN_OUTCOMES, type LoanProblemKind, type ReturnOutcome } from '@/contract/enums';
import { LIMITS } from '@/contract/limits';
import type { ItemPhoto } from '@/contract/schemas/item';
import {
  assessmentAnswerFormSchema,
  conditionEntryFormSchema,
  problemReportFormSchema,
  returnAssessmentFormSchema,
} from '@/contract/schemas/loan-condition';
import { FormDialogActions } from '@/client/components/ui/form-dialog';
import { SelectField } from '@/client/components/ui/select-field';
import { TextareaField } from '@/client/components/ui/form-field';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import {
  answerAssessment,
  assessReturn,
  reportProblem,
  saveConditionEntry,
  useConditionWrite,
} from '../api/loan-condition';
import { OUTCOME_KEYS, PROBLEM_KEYS } from './condition-labels';
import { ConditionPhotosField } from './condition-photos';

interface FormProps {
  loanId: string;
  onDone: () => void;
}

/** The first message of a contract schema's refusal, for the field it names. */
function firstIssue(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.success ? undefined : result.error?.issues[0];
  return issue ? { field: String(issue.path[0] ?? ''), message: issue.message } : null;
}

function ConditionForm({
  testId,
  onSubmit,
  onCancel,
  submitLabel,
  busy,
  children,
}: {
  testId: string;
  onSubmit: () => Promise<void>;
  onCancel: () => void;
  submitLabel: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      className="space-y-4"
      data-testid={testId}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      <FormDialogActions submitLabel={submitLabel} onCancel={onCancel} busy={busy} submitTestId={`${testId}-submit`} />
    </form>
  );
}

/** My note and photos of the hand-out or the return (issue 36); validated with the contract's schema. */
export function ConditionEntryForm({ loanId, stage, onDone }: FormProps & { stage: ConditionStage }) {
  const { t, i18n } = useTranslation();
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<ItemPhoto[]>([]);
  const [error, setError] = useState<string | null>(null);
  const save = useConditionWrite((body: { note: string; photoIds: string[] }) =>
    saveConditionEntry(loanId, stage, body),
  );
  const submit = async () => {
    const body = { note, photoIds: photos.map((p) => p.id) };
    const issue = firstIssue(conditionEntryFormSchema.safeParse(body));
    setError(issue ? t(issue.message) : null);
    if (issue) return;
    const saved = await runWithToasts(() => save.mutateAsync(body), i18n, {
      failure: t('condition.toasts.saveFailed'),
      success: { title: t('condition.toasts.saved') },
    });
    if (saved) onDone();
  };
  return (
    <ConditionForm
      testId="condition-entry-form"
      onSubmit={submit}
      onCancel={onDone}
      submitLabel={t('condition.save')}
      busy={save.isPending}
    >
      <ConditionPhotosField photos={photos} onChange={setPhotos} />
      <TextareaField
        label={t('condition.noteLabel')}
        placeholder={t(stage === 'handover' ? 'condition.handoverNote' : 'condition.returnNote')}
        limit={LIMITS.loanReportNoteMax}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={error ?? undefined}
        data-testid="condition-note"
      />
    </ConditionForm>
  );
}

/** The owner's word on how it came back: fine, some wear, damaged or incomplete, with an optional note. */
export function ReturnAssessmentForm({ loanId, onDone }: FormProps) {
  const { t, i18n } = useTranslation();
  const [outcome, setOutcome] = useState<string>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useConditionWrite((body: { outcome: ReturnOutcome; note: string }) => assessReturn(loanId, body));
  const submit = async () => {
    const parsed = returnAssessmentFormSchema.safeParse({ outcome, note });
    const issue = firstIssue(parsed);
    setError(issue ? t(issue.message) : null);
    if (!parsed.success) return;
    const saved = await runWithToasts(() => save.mutateAsync({ outcome: parsed.data.outcome, note }), i18n, {
      failure: t('condition.toasts.saveFailed'),
      success: { title: t('condition.toasts.saved') },
    });
    if (saved) onDone();
  };
  return (
    <ConditionForm
      testId="return-assessment-form"
      onSubmit={submit}
      onCancel={onDone}
      submitLabel={t('condition.save')}
      busy={save.isPending}
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">{t('condition.assessQuestion')}</legend>
        {RETURN_OUTCOMES.map((value) => (
          <label key={value} className="flex min-h-10 items-center gap-2 text-sm text-slate-900">
            <input
              type="radio"
              name="outcome"
              value={value}
              checked={outcome === value}
              onChange={() => setOutcome(value)}
              className="h-4 w-4"
            />
            {t(OUTCOME_KEYS[value])}
          </label>
        ))}
        {error && (
          <p className="text-sm text-red-700" role="alert">
            {error}
          </p>
        )}
      </fieldset>
      <TextareaField
        label={t('condition.assessNote')}
        limit={LIMITS.loanReportNoteMax}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        data-testid="assessment-note"
      />
    </ConditionForm>
  );
}

/** The borrower's one answer to the owner's word. */
export function AssessmentAnswerForm({ loanId, onDone }: FormProps) {
  const { t, i18n } = useTranslation();
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useConditionWrite((body: { answer: string }) => answerAssessment(loanId, body));
  const submit = async () => {
    const issue = firstIssue(assessmentAnswerFormSchema.safeParse({ answer }));
    setError(issue ? t(issue.message) : null);
    if (issue) return;
    const saved = await runWithToasts(() => save.mutateAsync({ answer }), i18n, {
      failure: t('condition.toasts.saveFailed'),
      success: { title: t('condition.toasts.answered') },
    });
    if (saved) onDone();
  };
  return (
    <ConditionForm
      testId="assessment-answer-form"
      onSubmit={submit}
      onCancel={onDone}
      submitLabel={t('condition.sendAnswer')}
      busy={save.isPending}
    >
      <TextareaField
        label={t('condition.answerLabel')}
        hint={t('condition.answerHint')}
        limit={LIMITS.loanReportNoteMax}
        value={answer}
        onChange={(event) => setAnswer(event.target.value)}
        error={error ?? undefined}
        data-testid="assessment-answer"
      />
    </ConditionForm>
  );
}

/** "Something's wrong": what kind, a note and photos; the other person is told at once. */
export function ProblemReportForm({ loanId, onDone }: FormProps) {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<string>('');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<ItemPhoto[]>([]);
  const [error, setError] = useState<string | null>(null);
  const send = useConditionWrite((body: { kind: LoanProblemKind; note: string; photoIds: string[] }) =>
    reportProblem(loanId, body),
  );
  const submit = async () => {
    const parsed = problemReportFormSchema.safeParse({ kind, note, photoIds: photos.map((p) => p.id) });
    const issue = firstIssue(parsed);
    setError(issue ? t(issue.message) : null);
    if (!parsed.success) return;
    const body = { kind: parsed.data.kind, note, photoIds: parsed.data.photoIds };
    const sent = await runWithToasts(() => send.mutateAsync(body), i18n, {
      failure: t('condition.toasts.reportFailed'),
      success: { title: t('condition.toasts.reported') },
    });
    if (sent) onDone();
  };
  return (
    <ConditionForm
      testId="problem-report-form"
      onSubmit={submit}
      onCancel={onDone}
      submitLabel={t('condition.sendReport')}
      busy={send.isPending}
    >
      <SelectField
        label={t('condition.problemKind')}
        value={kind}
        onChange={(event) => setKind(event.target.value)}
        error={error ?? undefined}
        data-testid="problem-kind"
      >
        <option value="">{t('condition.chooseProblem')}</option>
        {LOAN_PROBLEM_KINDS.map((value) => (
          <option key={value} value={value}>
            {t(PROBLEM_KEYS[value])}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label={t('condition.problemNote')}
        limit={LIMITS.loanReportNoteMax}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        data-testid="problem-note"
      />
      <ConditionPhotosField photos={photos} onChange={setPhotos} />
    </ConditionForm>
  );
}
