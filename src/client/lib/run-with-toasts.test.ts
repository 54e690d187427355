import { act, renderHook } from '@testing-library/react';
import { getI18n } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useCurrentToast } from '../components/ui/toast-store';
import { ApiError } from './api-client';
import { runWithToasts } from './run-with-toasts';

const i18n = getI18n();

function watchToasts() {
  return renderHook(() => useCurrentToast()).result;
}

describe('runWithToasts', () => {
  it('shows the success toast and resolves true', async () => {
    const current = watchToasts();
    let ok: boolean | undefined;
    await act(async () => {
      ok = await runWithToasts(() => Promise.resolve(4), i18n, {
        failure: 'Failed to send',
        success: (count) => ({ title: 'Sent', description: `to ${count} people` }),
      });
    });
    expect(ok).toBe(true);
    expect(current.current).toMatchObject({ title: 'Sent', description: 'to 4 people' });
    expect(current.current?.variant).toBeUndefined();
  });

  it('shows no toast after success when none is given', async () => {
    const current = watchToasts();
    await act(async () => {
      expect(await runWithToasts(() => Promise.resolve(), i18n, { failure: 'Failed' })).toBe(true);
    });
    expect(current.current).toBeNull();
  });

  it("shows the destructive toast with the server's reason and resolves false, without the success toast", async () => {
    const current = watchToasts();
    const body = JSON.stringify({ error: { code: 'not_found', messageKey: 'errors.not_found', message: 'x' } });
    let ok: boolean | undefined;
    await act(async () => {
      ok = await runWithToasts(() => Promise.reject(new ApiError(404, 'Not Found', body)), i18n, {
        failure: 'Failed to update request',
        success: { title: 'Updated' },
      });
    });
    expect(ok).toBe(false);
    expect(current.current).toMatchObject({
      variant: 'destructive',
      title: 'Failed to update request',
      description: i18n.t('errors.not_found'),
    });
  });

  it('says only the title when the failure is not one of ours', async () => {
    const current = watchToasts();
    await act(async () => {
      await runWithToasts(() => Promise.reject(new ApiError(502, 'Bad Gateway', '<html>')), i18n, {
        failure: 'Failed to send',
      });
    });
    expect(current.current).toMatchObject({ variant: 'destructive', title: 'Failed to send' });
    expect(current.current?.description).toBeUndefined();
  });
});
