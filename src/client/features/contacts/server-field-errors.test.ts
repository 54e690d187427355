import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { contactFieldErrors, type ContactField } from './server-field-errors';

const ADD_FIELDS: ContactField[] = ['name', 'phone', 'email', 'username'];

function apiError(status: number, code: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(
    status,
    '',
    JSON.stringify({ error: { code, messageKey: `errors.${code}`, message: code, ...extra } }),
  );
}

describe('contactFieldErrors', () => {
  it('puts duplicates at the phone, email or username field', () => {
    const context = { fields: ADD_FIELDS, usernameTyped: true };
    expect(contactFieldErrors(apiError(409, 'contact_duplicate_phone'), context)).toEqual([
      { field: 'phone', messageKey: 'errors.contact_duplicate_phone' },
    ]);
    expect(contactFieldErrors(apiError(409, 'contact_duplicate_email'), context)).toEqual([
      { field: 'email', messageKey: 'errors.contact_duplicate_email' },
    ]);
    expect(contactFieldErrors(apiError(404, 'user_not_found'), context)).toEqual([
      { field: 'username', messageKey: 'errors.user_not_found' },
    ]);
  });

  it('leaves a duplicate person to the toast when no username was typed or the form has no such field', () => {
    expect(
      contactFieldErrors(apiError(409, 'contact_duplicate_user'), { fields: ADD_FIELDS, usernameTyped: false }),
    ).toEqual([]);
    expect(
      contactFieldErrors(apiError(409, 'contact_duplicate_user'), {
        fields: ['name', 'phone', 'email'],
        usernameTyped: true,
      }),
    ).toEqual([]);
  });

  it('maps invalid-input issues to the named fields', () => {
    const error = apiError(400, 'invalid_input', {
      issues: [
        { path: 'phone', messageKey: 'validation.phoneLength' },
        { path: 'other', messageKey: 'validation.nameRequired' },
      ],
    });
    expect(contactFieldErrors(error, { fields: ADD_FIELDS, usernameTyped: false })).toEqual([
      { field: 'phone', messageKey: 'validation.phoneLength' },
    ]);
  });

  it('returns nothing for other failures', () => {
    expect(contactFieldErrors(apiError(429, 'too_many_requests'), { fields: ADD_FIELDS, usernameTyped: true })).toEqual(
      [],
    );
    expect(contactFieldErrors(new TypeError('offline'), { fields: ADD_FIELDS, usernameTyped: true })).toEqual([]);
  });
});
