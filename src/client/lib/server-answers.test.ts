import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../testing/mock-fetch';
import { apiJson, isApiError } from './api-client';
import { primeServerAnswers, SERVER_ANSWERS_ID } from './server-answers';

function writeBlock(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = SERVER_ANSWERS_ID;
  block.textContent = text;
  document.body.append(block);
}

describe('primeServerAnswers', () => {
  afterEach(() => {
    document.getElementById(SERVER_ANSWERS_ID)?.remove();
    vi.unstubAllGlobals();
  });

  it('makes the answers the server sent with the HTML the next GET of their URL, once, without asking', async () => {
    writeBlock(
      JSON.stringify({
        '/api/auth/user': { status: 200, body: { id: 'u1' } },
        '/api/items/my': { status: 200, body: [{ name: 'Drill </script>' }] },
      }),
    );
    const fetchMock = mockFetch({ '/api/items/my': { body: [{ name: 'fresh' }] } });
    const bodies = primeServerAnswers();
    expect(bodies.get('/api/auth/user')).toEqual({ id: 'u1' });
    expect(document.getElementById(SERVER_ANSWERS_ID)).toBeNull();
    expect(await apiJson('GET', '/api/items/my')).toEqual([{ name: 'Drill </script>' }]);
    expect(await apiJson('GET', '/api/auth/user')).toEqual({ id: 'u1' });
    expect(fetchMock).not.toHaveBeenCalled();
    // Taken over once: the next GET asks the server.
    expect(await apiJson('GET', '/api/items/my')).toEqual([{ name: 'fresh' }]);
  });

  it('a refusal the server sent (no session: 401) fails the GET as the server’s answer would, without asking', async () => {
    writeBlock(JSON.stringify({ '/api/auth/user': { status: 401 } }));
    const fetchMock = mockFetch({ '/api/auth/user': { body: { id: 'u1' } } });
    expect(primeServerAnswers().size).toBe(0);
    const refusal = await apiJson('GET', '/api/auth/user').catch((error: unknown) => error);
    expect(isApiError(refusal) && refusal.status).toBe(401);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ignores a block it cannot read, answers without a status and addresses outside the API', async () => {
    writeBlock('{not json');
    expect(primeServerAnswers().size).toBe(0);
    writeBlock(JSON.stringify({ '/oidc/me': { status: 200, body: { id: 'x' } }, '/api/items/my': [{ id: 'y' }] }));
    expect(primeServerAnswers().size).toBe(0);
    const fetchMock = mockFetch({ '/oidc/me': { body: { id: 'real' } }, '/api/items/my': { body: [] } });
    expect(await apiJson('GET', '/oidc/me')).toEqual({ id: 'real' });
    expect(await apiJson('GET', '/api/items/my')).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
