import { PackageCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { useRespondToNetworkRequest } from '../api/respond-to-network-request';

export interface OfferMatchedItemsProps {
  /** The network_request message being answered. */
  messageId: string;
  requesterName: string;
  /** The reader's own items the request matched (the server names only those). */
  items: { id: string; name: string }[];
}

/**
 * "You may have this" (issue 19 part 3, docs/decisions/0028): under a
 * request that reached the user, their own items it matched, each offered
 * in one tap. The answer is `have_it` with the item and a sentence written
 * here in the user's language (the server writes no text in their name);
 * it appears in the conversation as their message. 'Add Item to Help'
 * stays for things not listed yet.
 */
export function OfferMatchedItems({ messageId, requesterName, items }: OfferMatchedItemsProps) {
  const { t, i18n } = useTranslation();
  const respond = useRespondToNetworkRequest();
  const headingId = useId();

  const offer = (item: { id: string; name: string }) =>
    runWithToasts(
      () =>
        respond.mutateAsync({
          messageId,
          body: {
            response: 'have_it',
            itemId: item.id,
            message: t('networkRequests.offer.message', { name: item.name }),
          },
        }),
      i18n,
      {
        failure: t('networkRequests.offer.failed'),
        success: {
          title: t('networkRequests.offer.sent'),
          description: t('networkRequests.offer.sentDescription', { name: requesterName }),
        },
      },
    );

  return (
    <section
      aria-labelledby={headingId}
      className="mt-3 rounded-lg border border-brand-200 bg-white p-3"
      data-testid="network-request-matches"
    >
      <h4 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <PackageCheck className="h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
        {t('networkRequests.offer.heading')}
      </h4>
      <ul className="mt-1 divide-y divide-slate-100">
        {items.map((item) => (
          <li key={item.id} className="flex items-center gap-3 py-2" data-testid="network-request-match">
            <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{item.name}</span>
            <Button
              size="sm"
              className="shrink-0"
              disabled={respond.isPending}
              onClick={() => void offer(item)}
              aria-label={t('networkRequests.offer.offerNamed', { name: item.name, requester: requesterName })}
              data-testid="network-request-offer"
            >
              {t('networkRequests.offer.offer')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
