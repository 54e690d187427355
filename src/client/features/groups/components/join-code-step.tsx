import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { groupCodeSchema, type Group } from '@/contract/schemas/group';
import { Button } from '@/client/components/ui/button';
import { TextField } from '@/client/components/ui/form-field';
import { isApiError } from '@/client/lib/api-client';
import { getErrorMessage } from '@/client/lib/error-message';
import { groupByCodeQueryOptions } from '../api/get-group-by-code';

const joinCodeFormSchema = z.object({ code: groupCodeSchema });
type JoinCodeInput = z.input<typeof joinCodeFormSchema>;
type JoinCodeValues = z.output<typeof joinCodeFormSchema>;

type LookupFailure = { kind: 'notFound' } | { kind: 'other'; message: string };

interface JoinCodeStepProps {
  defaultCode: string;
  /** Look the code up right away (opened from a /groups?join=CODE link). */
  lookUpOnMount: boolean;
  onFound: (group: Group, code: string) => void;
}

/** Step 1 of joining (spec §4): the 10-digit code, looked up with GET /api/groups/code/{code}. */
export function JoinCodeStep({ defaultCode, lookUpOnMount, onFound }: JoinCodeStepProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<LookupFailure | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<JoinCodeInput, unknown, JoinCodeValues>({
    resolver: zodResolver(joinCodeFormSchema),
    defaultValues: { code: defaultCode },
  });

  const lookUp = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      onFound(await queryClient.fetchQuery(groupByCodeQueryOptions(code)), code);
    } catch (error) {
      setFailure(
        isApiError(error) && error.status === 404
          ? { kind: 'notFound' }
          : { kind: 'other', message: getErrorMessage(error, i18n) },
      );
    }
  });

  useEffect(() => {
    if (lookUpOnMount) void lookUp();
    // Once, for the code the link brought; later lookups are the reader's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const fieldError = errors.code?.message ? t(errors.code.message) : undefined;

  return (
    <form noValidate onSubmit={(event) => void lookUp(event)} className="space-y-4">
      <TextField
        label={t('groups.join.codeLabel')}
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('groups.join.codePlaceholder')}
        hint={t('groups.join.codeHint')}
        error={fieldError}
        aria-invalid={fieldError !== undefined || failure?.kind === 'notFound' ? true : undefined}
        data-testid="join-code-input"
        {...register('code', { onChange: () => setFailure(null) })}
      />
      {failure && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {failure.kind === 'notFound' ? (
            <>
              <p className="font-semibold">{t('groups.join.notFound')}</p>
              <p>{t('groups.join.notFoundDescription')}</p>
            </>
          ) : (
            <p>{failure.message}</p>
          )}
        </div>
      )}
      <div className="flex justify-end pt-2">
        <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto" data-testid="join-code-next">
          {t('groups.join.next')}
        </Button>
      </div>
    </form>
  );
}
