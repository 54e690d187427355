import type { QueryClient } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnItem } from '@/contract/schemas/item';
import type { CreatedItem } from '../../features/item-creation/components/item-creation-dialog';
import { PageFrame } from '../../components/layouts/page-frame';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { myItemsQueryOptions } from '../../features/items/api/get-my-items';
import { useContacts } from '../../features/contacts/api/get-contacts';
import { MyItemsView } from '../../features/items/components/my-items-view';
import { useReceivedRequests } from '../../features/lending/api/get-received-requests';
import { ownerActiveRequestByItem } from '../../features/lending/request-state';
import { ITEM_CARD_LENDING } from '../item-card-lending';

// Both load when first opened: the photo dialog (and, behind it, the barcode reader) is not first-load code.
const ItemCreationDialog = lazyDialog(() =>
  import('../../features/item-creation/components/item-creation-dialog').then((m) => m.ItemCreationDialog),
);
const ItemFormDialog = lazyDialog(() =>
  import('../../features/items/components/item-form-dialog').then((m) => m.ItemFormDialog),
);
const KeepNewItemDialog = lazyDialog(() =>
  import('../../features/items/components/keep-new-item-dialog').then((m) => m.KeepNewItemDialog),
);

/** The list, requested while the rest of the first screen loads (app/first-page-preload.ts). */
export function prefetch(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(myItemsQueryOptions());
}

interface JustCreated {
  item: OwnItem;
  notice: string;
  suggestion: CreatedItem['suggestion'];
  open: boolean;
  /** Its edit dialog was closed without saving: keep it or discard it? */
  asking: boolean;
}

/**
 * Spec §2 My Items: the user's own items with stat tiles, filters, owner
 * cards and the item dialogs. The page joins the two features of issue 16:
 * the photo/barcode dialog creates an item, then the items feature's edit
 * dialog opens on it (features do not import each other). The lending
 * feature adds the cards' hand-over and return actions and whom each item is
 * promised or lent to; the contacts feature the contacts tile.
 */
export function MyItemsPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [justCreated, setJustCreated] = useState<JustCreated | null>(null);
  const contacts = useContacts();
  const received = useReceivedRequests();
  const activeRequests = useMemo(() => ownerActiveRequestByItem(received.data ?? []), [received.data]);
  // The received requests answer after the first screen is shown (lib/first-screen.ts), and the
  // cards then render again: as a deferred value, a transition React works on in slices
  // (docs/performance.md, client round 3).
  const cardsActiveRequests = useDeferredValue(activeRequests);
  return (
    <PageFrame title={t('pages.myItems.title')} subtitle={t('pages.myItems.subtitle')}>
      <MyItemsView
        onAddFromPhoto={() => setCreating(true)}
        lending={ITEM_CARD_LENDING}
        activeRequests={cardsActiveRequests}
        contacts={{ count: contacts.data?.length, loading: contacts.isPending }}
      />
      <ItemCreationDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={({ item, notice, suggestion }) =>
          setJustCreated({ item, notice, suggestion, open: true, asking: false })
        }
      />
      {justCreated && (
        <ItemFormDialog
          key={justCreated.item.id}
          open={justCreated.open}
          onOpenChange={(open) => {
            if (!open) setJustCreated((current) => current && { ...current, open: false });
          }}
          item={justCreated.item}
          notice={justCreated.notice}
          suggestion={justCreated.suggestion}
          onCancelled={() => setJustCreated((current) => current && { ...current, asking: true })}
        />
      )}
      {justCreated && (
        <KeepNewItemDialog
          open={justCreated.asking}
          onOpenChange={(open) => setJustCreated((current) => current && { ...current, asking: open })}
          item={justCreated.item}
        />
      )}
    </PageFrame>
  );
}
