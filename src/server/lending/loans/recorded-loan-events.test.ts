import { describe, expect, it } from 'vitest';
import { inDays } from '../../../../tests/support/lending';
import { useRecordingBusApp } from '../../../../tests/support/live';
import { loanBody, recordingParties } from '../../../../tests/support/recorded-loans';

/**
 * Recording and disputing a loan are announced after commit (issue 19): the
 * conversation and "request changed" to the people of the loan, and
 * "items changed" to everyone who sees the item when it went out or came back.
 */
const live = useRecordingBusApp();

describe('live events of recorded loans', () => {
  it('recording an ongoing loan for a registered borrower, then their dispute', async () => {
    const p = await recordingParties(live.database);
    const recorded = await live.t.request(p.owner, {
      method: 'POST',
      url: `/api/items/${p.item.id}/loans`,
      payload: loanBody({ contactId: p.borrowerEntry.id }),
    });
    expect(recorded.statusCode).toBe(201);
    const loanId = recorded.json<{ id: string }>().id;
    const requestChanged = { type: 'request_changed', requestId: loanId, itemId: p.item.id };
    expect(live.bus.eventsOf(p.owner.id)).toContainEqual(requestChanged);
    expect(live.bus.eventsOf(p.borrower.id)).toEqual(
      expect.arrayContaining([requestChanged, { type: 'message', partnerId: p.owner.id }, { type: 'items_changed' }]),
    );
    expect(live.bus.eventsOf(p.viewer.id)).toEqual([{ type: 'items_changed' }]);
    expect(live.bus.eventsOf(p.stranger.id)).toEqual([]);

    live.bus.reset();
    const disputed = await live.t.request(p.borrower, {
      method: 'POST',
      url: `/api/lending-requests/${loanId}/dispute`,
    });
    expect(disputed.statusCode).toBe(200);
    expect(live.bus.eventsOf(p.owner.id)).toEqual(
      expect.arrayContaining([requestChanged, { type: 'message', partnerId: p.borrower.id }]),
    );
    expect(live.bus.eventsOf(p.viewer.id)).toEqual([{ type: 'items_changed' }]);
  });

  it('a finished loan for someone without an account tells only the owner, and no list changes', async () => {
    const p = await recordingParties(live.database);
    const recorded = await live.t.request(p.owner, {
      method: 'POST',
      url: `/api/items/${p.item.id}/loans`,
      payload: loanBody({ name: 'Marco' }, { lentOn: inDays(-30), returnedOn: inDays(-20) }),
    });
    expect(recorded.statusCode).toBe(201);
    const loanId = recorded.json<{ id: string }>().id;
    expect(live.bus.eventsOf(p.owner.id)).toEqual([{ type: 'request_changed', requestId: loanId, itemId: p.item.id }]);
    for (const other of [p.borrower, p.viewer, p.stranger]) expect(live.bus.eventsOf(other.id)).toEqual([]);
  });
});
