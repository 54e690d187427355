import { getI18n } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { failureDescription, getErrorMessage } from './error-message';

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

describe('failureDescription', () => {
  const i18n = getI18n();

  it("gives our server's reason and the network failure, nothing for a foreign answer or a bug", () => {
    const body = JSON.stringify({ error: { code: 'not_found', messageKey: 'errors.not_found', message: 'x' } });
    expect(failureDescription(new ApiError(404, 'Not Found', body), i18n)).toBe(i18n.t('errors.not_found'));
    expect(failureDescription(new TypeError('Failed to fetch'), i18n)).toBe(i18n.t('errors.network_error'));
    expect(failureDescription(new ApiError(502, 'Bad Gateway', '<html>proxy</html>'), i18n)).toBeUndefined();
    expect(failureDescription(new Error('bug'), i18n)).toBeUndefined();
  });
});
