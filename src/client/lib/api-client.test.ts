import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../testing/mock-fetch';
import { ApiError, apiJson, apiRequest, defaultQueryFn, warmGet } from './api-client';
import { createQueryClient } from './query-client';

describe('apiRequest / apiJson', () => {
  it('sends credentials and JSON, and parses the JSON answer', async () => {
    const fetchMock = mockFetch({ '/api/things': { status: 201, body: { id: 7 } } });
    await expect(apiJson('POST', '/api/things', { body: { name: 'Drill' } })).resolves.toEqual({ id: 7 });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"Drill"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends a Blob as raw bytes with its own Content-Type (photo uploads)', async () => {
    const fetchMock = mockFetch({ '/api/photos': { status: 201, body: { id: 'p1', url: '/api/photos/p1' } } });
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    await expect(apiJson('POST', '/api/photos', { body: photo })).resolves.toEqual({ id: 'p1', url: '/api/photos/p1' });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.body).toBe(photo);
    const headers = new Headers(init?.headers);
    expect(headers.get('Content-Type')).toBe('image/jpeg');
    expect(headers.get('Accept')).toBe('application/json');
    expect(init?.credentials).toBe('include');
  });

  it('sends no Content-Type without a body', async () => {
    const fetchMock = mockFetch({ '/api/things': { body: [] } });
    await apiJson('GET', '/api/things');
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
    expect(init?.body).toBeUndefined();
  });

  it('returns null for 204 No Content', async () => {
    mockFetch({ '/api/things/1': { status: 204 } });
    await expect(apiJson('DELETE', '/api/things/1')).resolves.toBeNull();
  });

  it('throws "status: body text" for a failure with a body (spec §8)', async () => {
    mockFetch({ '/api/x': { status: 500, statusText: 'Internal Server Error', body: 'database down' } });
    const error = await apiRequest('GET', '/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('500: database down');
    expect((error as ApiError).status).toBe(500);
    expect((error as ApiError).code).toBeUndefined();
  });

  it('falls back to the status text when the body is empty', async () => {
    mockFetch({ '/api/x': { status: 403, statusText: 'Forbidden', body: '' } });
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('403: Forbidden');
  });

  it('exposes code and messageKey of our error JSON', async () => {
    const body = { error: { code: 'not_found', messageKey: 'errors.not_found', message: 'Not found' } };
    mockFetch({ '/api/items/9': { status: 404, statusText: 'Not Found', body } });
    const error = await apiRequest('GET', '/api/items/9').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe(`404: ${JSON.stringify(body)}`);
    expect(apiError.code).toBe('not_found');
    expect(apiError.messageKey).toBe('errors.not_found');
  });

  it('ignores an unknown error code but keeps the messageKey', async () => {
    const body = { error: { code: 'martian', messageKey: 'errors.martian', message: '?' } };
    mockFetch({ '/api/x': { status: 418, body } });
    const error = (await apiRequest('GET', '/api/x').catch((caught: unknown) => caught)) as ApiError;
    expect(error.code).toBeUndefined();
    expect(error.messageKey).toBe('errors.martian');
  });
});

describe('warmGet', () => {
  it('sends the GET at once; the next GET of that URL takes its answer over, later ones ask again', async () => {
    let served = 0;
    const fetchMock = mockFetch({ '/api/items/my': () => ({ body: [{ n: (served += 1) }] }) });
    warmGet('/api/items/my');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.credentials).toBe('include');

    await expect(apiJson('GET', '/api/items/my')).resolves.toEqual([{ n: 1 }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(apiJson('GET', '/api/items/my')).resolves.toEqual([{ n: 2 }]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('lets `peek` read the answer first without taking it from the request that takes it over', async () => {
    mockFetch({ '/api/items/my': { body: [{ id: 'a' }] } });
    const peeked: unknown[] = [];
    warmGet('/api/items/my', (body) => peeked.push(body));
    await expect(apiJson('GET', '/api/items/my')).resolves.toEqual([{ id: 'a' }]);
    await vi.waitFor(() => {
      expect(peeked).toEqual([[{ id: 'a' }]]);
    });
  });

  it('leaves other methods and URLs alone, and a failed warm answer fails like any other', async () => {
    const fetchMock = mockFetch({
      '/api/items/my': { status: 503, statusText: 'Service Unavailable', body: '' },
      '/api/things': { status: 201, body: { id: 1 } },
    });
    warmGet('/api/items/my');
    await apiJson('POST', '/api/things', { body: {} });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect(apiJson('GET', '/api/items/my')).rejects.toThrow('503: Service Unavailable');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('defaultQueryFn', () => {
  it('GETs the first query-key element as URL', async () => {
    const fetchMock = mockFetch({ '/api/contacts': { body: [{ id: 1 }] } });
    const client = new QueryClient({ defaultOptions: { queries: { queryFn: defaultQueryFn, retry: false } } });
    await expect(client.query({ queryKey: ['/api/contacts'] })).resolves.toEqual([{ id: 1 }]);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
  });
});

describe('createQueryClient', () => {
  it('applies the spec §9 defaults', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(Infinity);
    expect(defaults?.retry).toBe(false);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
    expect(defaults?.refetchInterval).toBe(false);
    expect(defaults?.queryFn).toBe(defaultQueryFn);
  });
});
