import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../testing/mock-fetch';
import { apiJson } from './api-client';
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
    writeBlock(JSON.stringify({ '/api/auth/user': { id: 'u1' }, '/api/items/my': [{ name: 'Drill </script>' }] }));
    const fetchMock = mockFetch({ '/api/items/my': { body: [{ name: 'fresh' }] } });
    primeServerAnswers();
    expect(document.getElementById(SERVER_ANSWERS_ID)).toBeNull();
    expect(await apiJson('GET', '/api/items/my')).toEqual([{ name: 'Drill </script>' }]);
    expect(await apiJson('GET', '/api/auth/user')).toEqual({ id: 'u1' });
    expect(fetchMock).not.toHaveBeenCalled();
    // Taken over once: the next GET asks the server.
    expect(await apiJson('GET', '/api/items/my')).toEqual([{ name: 'fresh' }]);
  });

  it('ignores a block it cannot read and addresses outside the API', async () => {
    writeBlock('{not json');
    primeServerAnswers();
    writeBlock(JSON.stringify({ '/oidc/me': { id: 'x' } }));
    primeServerAnswers();
    const fetchMock = mockFetch({ '/oidc/me': { body: { id: 'real' } } });
    expect(await apiJson('GET', '/oidc/me')).toEqual({ id: 'real' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
