import { expect } from 'vitest';
import type { TestApp } from './app';

/*
 * Test support for the message tests (imported only by *.test.ts): the
 * message calls of spec §7 as one person, through the test app.
 */

export type User = { id: string; name: string };

/** A fixed minute of one morning, so message order is known. */
export const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute));

export function messageCalls(t: () => TestApp) {
  return {
    conversations: (user: User, userId = user.id) =>
      t().request(user, { method: 'GET', url: `/api/conversations/${userId}` }),
    thread: (user: User, partnerId: string, userId = user.id) =>
      t().request(user, { method: 'GET', url: `/api/conversations/${userId}/${partnerId}` }),
    markRead: (user: User, partnerId: string, userId = user.id) =>
      t().request(user, { method: 'PUT', url: `/api/messages/read/${userId}/${partnerId}` }),
    send: (user: User, payload: Record<string, unknown>) =>
      t().request(user, { method: 'POST', url: '/api/messages', payload }),
    async unreadCount(user: User): Promise<number> {
      const response = await t().request(user, { method: 'GET', url: '/api/messages/unread-count' });
      expect(response.statusCode).toBe(200);
      return (response.json() as { count: number }).count;
    },
  };
}
