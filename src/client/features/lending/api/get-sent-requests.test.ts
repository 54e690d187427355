import { describe, expect, it } from 'vitest';
import { POLLING } from '@/contract/limits';
import { sentRequestsQueryOptions } from './get-sent-requests';

describe('sentRequestsQueryOptions', () => {
  it('polls every 5 s only while the live stream is down (spec §9 fallback)', () => {
    expect(POLLING.sentRequestsMs).toBe(5_000);
    expect(sentRequestsQueryOptions(false).refetchInterval).toBe(5_000);
    expect(sentRequestsQueryOptions(true).refetchInterval).toBe(false);
  });
});
