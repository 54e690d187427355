import { Route } from 'wouter';
import type { User } from '@/contract/schemas/user';
import { createQueryClient } from '@/client/lib/query-client';
import { makeUser } from '@/client/testing/fixtures';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { AUTH_USER_URL } from '@/client/lib/auth/get-auth-user';
import { GroupDetailsView } from '../group-details-view';
import { GROUP_ID } from './group-fixtures';

type Routes = Parameters<typeof mockFetch>[0];

/**
 * The server is outside the component tests' walls: fetch answers from a
 * table shaped like the groups contract. The signed-in user is seeded into
 * the cache, as the router does after GET /api/auth/user.
 */
export function renderGroupDetails(routes: Routes, options: { user?: User | null } = {}) {
  const fetchMock = mockFetch(routes);
  const queryClient = createQueryClient();
  queryClient.setQueryData([AUTH_USER_URL], options.user === undefined ? makeUser() : options.user);
  const result = renderWithProviders(
    <Route path="/groups/:id">{(params) => <GroupDetailsView key={params.id} groupId={params.id} />}</Route>,
    { queryClient, path: `/groups/${GROUP_ID}` },
  );
  return { ...result, fetchMock };
}

export function callsTo(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method);
}
