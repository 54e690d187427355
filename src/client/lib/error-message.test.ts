import { getI18n } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { getErrorMessage } from './error-message';

describe('getErrorMessage', () => {
  const i18n = getI18n();

  it('translates our messageKey', () => {
    const body = JSON.stringify({ error: { code: 'not_found', messageKey: 'errors.not_found', message: 'x' } });
    expect(getErrorMessage(new ApiError(404, 'Not Found', body), i18n)).toBe(i18n.t('errors.not_found'));
  });

  it('falls back to the "status: body" message for foreign error bodies', () => {
    expect(getErrorMessage(new ApiError(502, 'Bad Gateway', ''), i18n)).toBe('502: Bad Gateway');
  });

  it('names network failures and unknown errors', () => {
    expect(getErrorMessage(new TypeError('Failed to fetch'), i18n)).toBe(i18n.t('errors.network_error'));
    expect(getErrorMessage('weird', i18n)).toBe(i18n.t('errors.unknown_error'));
  });
});
