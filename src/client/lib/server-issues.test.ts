import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { serverIssues } from './server-issues';

const invalid = (body: unknown) =>
  new ApiError(400, 'Bad Request', typeof body === 'string' ? body : JSON.stringify(body));

describe('serverIssues', () => {
  it("reads the invalid_input answer's issues", () => {
    const error = invalid({
      error: {
        code: 'invalid_input',
        messageKey: 'errors.invalid_input',
        message: 'Invalid input',
        issues: [
          { path: 'phone', messageKey: 'validation.phoneLength' },
          { path: 'name', messageKey: 'validation.nameRequired' },
        ],
      },
    });
    expect(serverIssues(error)).toEqual([
      { path: 'phone', messageKey: 'validation.phoneLength' },
      { path: 'name', messageKey: 'validation.nameRequired' },
    ]);
  });

  it('skips malformed issues and gives nothing for other failures', () => {
    expect(
      serverIssues(
        invalid({ error: { code: 'invalid_input', issues: [{ path: 1 }, 'x', { path: 'email', messageKey: 'k' }] } }),
      ),
    ).toEqual([{ path: 'email', messageKey: 'k' }]);
    expect(serverIssues(invalid('<html>Bad gateway</html>'))).toEqual([]);
    expect(serverIssues(new ApiError(409, 'Conflict', JSON.stringify({ error: { code: 'duplicate_entry' } })))).toEqual(
      [],
    );
    expect(serverIssues(new TypeError('Failed to fetch'))).toEqual([]);
  });
});
