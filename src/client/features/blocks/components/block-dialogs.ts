import { lazyDialog } from '@/client/components/ui/lazy-dialog';

/**
 * The block and unblock dialogs, downloaded when first opened: the contact
 * cards and the conversation header only offer them.
 */
export const LazyBlockPersonDialog = lazyDialog(() => import('./block-person-dialog').then((m) => m.BlockPersonDialog));
export const LazyUnblockPersonDialog = lazyDialog(() =>
  import('./unblock-person-dialog').then((m) => m.UnblockPersonDialog),
);
