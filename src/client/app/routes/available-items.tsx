import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SharedItem } from '@/contract/schemas/item';
import { PageFrame } from '../../components/layouts/page-frame';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { availableItemsQueryOptions, UNFILTERED_AVAILABLE_ITEMS } from '../../features/items/api/get-available-items';
import { AvailableItemsView } from '../../features/items/components/available-items-view';
import { useSentRequests } from '../../features/lending/api/get-sent-requests';
import { isActiveRequest, sentRequestByItem, unavailableReasonKey } from '../../features/lending/request-state';
import { useAuthUser } from '../../lib/auth/get-auth-user';
import { ITEM_CARD_LENDING } from '../item-card-lending';

const NetworkRequestDialog = lazyDialog(() =>
  import('../../features/network-requests/components/network-request-dialog').then((m) => m.NetworkRequestDialog),
);
const BorrowRequestDialog = lazyDialog(() =>
  import('../../features/lending/components/borrow-request-dialog').then((m) => m.BorrowRequestDialog),
);

/** The first page of the list, requested while the rest of the first screen loads (app/first-page-preload.ts). */
export function prefetch(queryClient: QueryClient): void {
  void queryClient.prefetchInfiniteQuery(availableItemsQueryOptions(UNFILTERED_AVAILABLE_ITEMS));
}

/**
 * Spec §2 Available Items: what contacts and groups share with the user;
 * 'Item not listed?' asks the whole network through the network request dialog.
 * The lending feature adds each card's request state and the borrow dialog.
 */
export function AvailableItemsPage() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const user = useAuthUser();
  const sent = useSentRequests({ enabled: Boolean(user.data) });
  const sentByItem = useMemo(() => sentRequestByItem(sent.data ?? []), [sent.data]);
  const [borrow, setBorrow] = useState<{ item: SharedItem; open: boolean } | null>(null);
  // Without the sent requests the card cannot know whether one is active; if they fail
  // to load, the server still refuses a second active request (request_already_active).
  const canRequest = Boolean(user.data) && (sent.data !== undefined || sent.isError);
  // Stable while it applies, so the memoised cards do not re-render whenever this page does.
  const startBorrow = useCallback((item: SharedItem) => setBorrow({ item, open: true }), []);
  // The suggestions' Ask, off as the card's Request is: the user already asked (or has it), or it is not free.
  const askBlockedReason = useCallback(
    (item: SharedItem) => {
      const request = sentByItem.get(item.id);
      if (request && isActiveRequest(request)) {
        return t(
          request.status === 'borrowed' ? 'lending.card.borrowedByYou' : 'networkRequests.suggestions.alreadyAsked',
        );
      }
      const reasonKey = unavailableReasonKey(item);
      return reasonKey && t(reasonKey);
    },
    [sentByItem, t],
  );
  // The sent requests answer after the first screen is shown (lib/first-screen.ts), and every card
  // then renders again (its request state, Request enabled): as a deferred value that render is a
  // transition React works on in slices, not one long task of all the cards (docs/performance.md,
  // client round 3).
  const cardsSentRequests = useDeferredValue(sentByItem);
  const cardsOnRequest = useDeferredValue(canRequest ? startBorrow : undefined);
  return (
    <PageFrame title={t('pages.availableItems.title')} subtitle={t('pages.availableItems.subtitle')}>
      <AvailableItemsView
        onAskNetwork={() => setAsking(true)}
        lending={ITEM_CARD_LENDING}
        sentRequests={cardsSentRequests}
        onRequest={cardsOnRequest}
      />
      <NetworkRequestDialog
        open={asking}
        onOpenChange={setAsking}
        // "Already in your network": asking for one item directly closes the request and opens its borrow flow.
        onAskForItem={
          canRequest
            ? (item) => {
                setAsking(false);
                startBorrow(item);
              }
            : undefined
        }
        askBlockedReason={askBlockedReason}
      />
      {borrow && (
        <BorrowRequestDialog
          key={borrow.item.id}
          open={borrow.open}
          onOpenChange={(open) => setBorrow((current) => current && { ...current, open })}
          item={borrow.item}
        />
      )}
    </PageFrame>
  );
}
