import { describe, expect, it } from 'vitest';
import { queryText, safeReturnTo } from './return-to';

const publicUrl = new URL('http://localhost:3000');

describe('safeReturnTo', () => {
  it.each([
    ['/groups', '/groups'],
    ['/groups/42?tab=members#top', '/groups/42?tab=members#top'],
    ['/groups/日本', '/groups/%E6%97%A5%E6%9C%AC'],
    ['/a/../contacts', '/contacts'],
  ])('keeps the own path %j as %j', (value, expected) => {
    expect(safeReturnTo(value, publicUrl)).toBe(expected);
  });

  it.each([
    undefined,
    42,
    '',
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example/x',
    '/\t/evil.example/x',
    '/\n/evil.example/x',
    '/%0d%0aSet-Cookie:x=1',
    '/api/logout',
    '/oidc/auth',
    'javascript:alert(1)',
    `/${'x'.repeat(2001)}`,
  ])('refuses %j (goes to /)', (value) => {
    const result = safeReturnTo(value, publicUrl);
    expect(result === '/' || result.startsWith('/%0')).toBe(true);
    expect(new URL(result, publicUrl).origin).toBe(publicUrl.origin);
    expect(result).not.toMatch(/[\r\n]/);
  });
});

describe('queryText', () => {
  it('takes the first of repeated values and caps the length', () => {
    expect(queryText(['a', 'b'])).toBe('a');
    expect(queryText('x'.repeat(500), 10)).toBe('x'.repeat(10));
    expect(queryText(undefined)).toBeUndefined();
    expect(queryText({ nested: true })).toBeUndefined();
  });
});
