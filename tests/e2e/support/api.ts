import { expect, type Page } from '@playwright/test';
import { BASE_URL } from './env';

/**
 * Calls the API as the person signed in on `page` (their session cookie),
 * from our own origin so writes pass the cross-origin guard. For set-up
 * steps whose screens other specs already drive (contacts, groups): the
 * spec then spends its time on the screens it is about.
 */
export async function apiAs<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await page.request.fetch(url, {
    method,
    headers: { origin: BASE_URL },
    data: data === undefined ? undefined : data,
  });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** The signed-in person's user id. */
export async function userIdOf(page: Page): Promise<string> {
  return (await apiAs<{ id: string }>(page, 'GET', '/api/auth/user')).id;
}
