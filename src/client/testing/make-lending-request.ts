import type { LendingRequest } from '../../contract/schemas/lending';
import { DRILL_ID } from './make-item';

/** A request by Bob (user-2) for Annabel's (user-1) drill, as GET /api/lending-requests/* returns it. */
export function makeLendingRequest(overrides: Partial<LendingRequest> = {}): LendingRequest {
  return {
    id: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    itemId: DRILL_ID,
    requesterId: 'user-2',
    ownerId: 'user-1',
    origin: 'request',
    message: 'Could I borrow it on Saturday?',
    requestedFrom: '2030-05-04',
    expectedReturnDate: '2030-05-05',
    status: 'pending',
    lentOn: null,
    returnedOn: null,
    keptPastPickup: false,
    openProblem: false,
    ownerResponse: null,
    requestedAt: '2026-03-01T10:00:00.000Z',
    respondedAt: null,
    item: { name: 'Cordless drill', category: 'tools', description: null, imageUrl: null },
    requester: { name: 'Bob Builder', deleted: false },
    owner: { name: 'Annabel Lee' },
    ...overrides,
  };
}
