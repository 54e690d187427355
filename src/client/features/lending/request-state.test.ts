import { describe, expect, it } from 'vitest';
import { ownerActiveRequestByItem, sentRequestByItem } from './request-state';
import { makeLendingRequest } from '../../testing/make-lending-request';

const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`;

describe('sentRequestByItem', () => {
  it('shows the active request of an item over any closed one, whatever their order', () => {
    const declined = makeLendingRequest({ id: 'r1', status: 'declined', requestedAt: at(9) });
    const pending = makeLendingRequest({ id: 'r2', status: 'pending', requestedAt: at(2) });
    expect(sentRequestByItem([declined, pending]).get(pending.itemId)?.id).toBe('r2');
    expect(sentRequestByItem([pending, declined]).get(pending.itemId)?.id).toBe('r2');
  });

  it('without an active request, shows the newest closed one', () => {
    const older = makeLendingRequest({ id: 'r1', status: 'declined', requestedAt: at(1) });
    const newer = makeLendingRequest({ id: 'r2', status: 'withdrawn', requestedAt: at(5) });
    expect(sentRequestByItem([newer, older]).get(older.itemId)?.id).toBe('r2');
    expect(sentRequestByItem([older, newer]).get(older.itemId)?.id).toBe('r2');
  });

  it('keeps items apart', () => {
    const map = sentRequestByItem([
      makeLendingRequest({ id: 'a', itemId: 'i1', status: 'accepted' }),
      makeLendingRequest({ id: 'b', itemId: 'i2', status: 'declined' }),
    ]);
    expect([...map.entries()].map(([itemId, request]) => [itemId, request.id])).toEqual([
      ['i1', 'a'],
      ['i2', 'b'],
    ]);
  });
});

describe('ownerActiveRequestByItem', () => {
  it('keeps only accepted and borrowed requests', () => {
    const map = ownerActiveRequestByItem([
      makeLendingRequest({ id: 'p', itemId: 'i1', status: 'pending' }),
      makeLendingRequest({ id: 'a', itemId: 'i1', status: 'accepted' }),
      makeLendingRequest({ id: 'b', itemId: 'i2', status: 'borrowed' }),
      makeLendingRequest({ id: 'r', itemId: 'i3', status: 'returned' }),
    ]);
    expect([...map.entries()].map(([itemId, request]) => [itemId, request.id])).toEqual([
      ['i1', 'a'],
      ['i2', 'b'],
    ]);
  });
});
