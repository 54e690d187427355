import type { BlockedPerson } from '@/contract/schemas/blocks';
import type { MockResponse, mockFetch } from '@/client/testing/mock-fetch';

export const BOB_ID = '0b0b0b0b-0000-4000-8000-000000000002';

export function makeBlockedPerson(overrides: Partial<BlockedPerson> = {}): BlockedPerson {
  return {
    userId: BOB_ID,
    name: 'Bob Builder',
    username: 'bob.builder',
    photoUrl: null,
    blockedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

/** The calls of one method to one URL. */
export function callsTo(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method);
}

/**
 * A stand-in for the server's block list (the API lies outside this
 * client's walls): GET answers the current list, POST adds, DELETE removes,
 * so a test sees the screen follow the server's state after each action.
 */
export function blockListServer(initial: BlockedPerson[] = [], known: BlockedPerson[] = [makeBlockedPerson()]) {
  let list = [...initial];
  const routes = {
    '/api/blocks': ({ init }: { init: RequestInit | undefined }): MockResponse => {
      if ((init?.method ?? 'GET') === 'POST') {
        const { userId } = JSON.parse(String(init?.body)) as { userId: string };
        const person = known.find((candidate) => candidate.userId === userId);
        if (person) list = [person, ...list.filter((entry) => entry.userId !== userId)];
        return { status: 204 };
      }
      return { body: list };
    },
    [`/api/blocks/${BOB_ID}`]: (): MockResponse => {
      list = list.filter((entry) => entry.userId !== BOB_ID);
      return { status: 204 };
    },
  };
  return routes;
}
