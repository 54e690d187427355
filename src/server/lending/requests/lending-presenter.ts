import type { LendingRequest } from '@/contract/schemas/lending';
import type { LendingRequestRow } from './lending-query';

/**
 * Spec §3 Lending request, with the item and both names for cards and
 * messages. A requester who can no longer see the item (the owner removed
 * them as a contact, withdrew the share, or they left the group) keeps its
 * name, which their own request named, but not its current description and
 * picture: the visibility rule of decision 0009 holds here too.
 */
export function presentLendingRequest({
  request,
  item,
  requesterId,
  requesterName,
  requesterDeleted,
  ownerName,
  readerIsOwner,
  openProblem,
}: LendingRequestRow): LendingRequest {
  return {
    id: request.id,
    itemId: item.id,
    requesterId,
    ownerId: request.ownerId,
    origin: request.origin,
    // A recorded loan's note is the owner's own (docs/decisions/0028): the borrower never reads it.
    message: request.origin === 'recorded' && !readerIsOwner ? null : request.message,
    requestedFrom: request.requestedFrom,
    expectedReturnDate: request.expectedReturnDate,
    status: request.status,
    lentOn: request.lentOn,
    returnedOn: request.returnedOn,
    keptPastPickup: request.keptPastPickup,
    openProblem,
    ownerResponse: request.ownerResponse,
    requestedAt: request.requestedAt.toISOString(),
    respondedAt: request.respondedAt?.toISOString() ?? null,
    item: {
      name: item.name,
      category: item.category,
      description: item.visibleToViewer ? item.description : null,
      imageUrl: item.visibleToViewer ? item.imageUrl : null,
    },
    requester: { name: requesterName, deleted: requesterDeleted },
    owner: { name: ownerName },
  };
}
