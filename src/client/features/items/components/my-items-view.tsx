import { Camera, Package, Plus, SearchX, Share2, Users, type LucideIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@/contract/limits';
import type { OwnItem } from '@/contract/schemas/item';
import type { LendingRequest } from '@/contract/schemas/lending';
import { Button } from '@/client/components/ui/button';
import { TextField } from '@/client/components/ui/form-field';
import { lazyDialog } from '@/client/components/ui/lazy-dialog';
import { isOverdueLoan } from '@/client/lib/loan-due';
import { useLocalToday } from '@/client/lib/use-local-today';
import { useMyItems } from '../api/get-my-items';
import {
  countByStatus,
  filterMyItems,
  NO_MY_ITEMS_FILTERS,
  type MyItemsFilters,
  type MyItemsStatusFilter,
} from '../my-items-filter';
import { CategorySelect } from './category-select';
import { FilterButtons } from './filter-buttons';
import { OwnItemCard } from './item-card';
import type { ItemCardLending } from './item-card-lending';
import {
  ITEM_GRID_CLASSES,
  ItemsEmptyState,
  ItemsLoadError,
  ItemsLoadingGrid,
  useCardsShown,
} from './item-list-states';

const ItemFormDialog = lazyDialog(() => import('./item-form-dialog').then((m) => m.ItemFormDialog));
const ItemPermissionsDialog = lazyDialog(() =>
  import('./item-permissions-dialog').then((m) => m.ItemPermissionsDialog),
);
const DeleteItemDialog = lazyDialog(() => import('./delete-item-dialog').then((m) => m.DeleteItemDialog));

interface StatTileProps {
  icon: LucideIcon;
  label: string;
  /** Undefined while loading or when the count could not be loaded. */
  value: number | undefined;
  loading: boolean;
  'data-testid': string;
}

function StatTile({ icon: Icon, label, value, loading, 'data-testid': testId }: StatTileProps) {
  return (
    <div className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <dt className="flex items-start gap-1.5 text-xs font-medium break-words hyphens-auto text-slate-700 sm:text-sm">
        <Icon className="hidden h-4 w-4 shrink-0 text-slate-500 sm:block" aria-hidden="true" />
        {label}
      </dt>
      <dd className="mt-auto pt-1 text-2xl font-bold text-slate-900 tabular-nums" data-testid={testId}>
        {value !== undefined ? (
          value
        ) : loading ? (
          <span className="inline-block h-7 w-8 animate-pulse rounded bg-slate-200" aria-hidden="true" />
        ) : (
          '–'
        )}
      </dd>
    </div>
  );
}

type ItemDialogKind = 'edit' | 'permissions' | 'delete';

interface OpenItemDialog {
  kind: ItemDialogKind;
  item: OwnItem;
  open: boolean;
}

/**
 * Spec §2 My Items: Add item, the stat tiles (items, shared items,
 * contacts), status buttons with counts, search and category (filtered here:
 * the server sends every item of the user), the grid of the owner's cards
 * with their loading, error and empty states, and the item dialogs. The
 * received requests tell each card whom it is promised or lent to; they and
 * the contacts count come from other features, which the page composes.
 */
export interface MyItemsViewProps {
  /**
   * Opens the photo and barcode creation dialog (issue 16), which the page
   * composes; without it only Add item shows.
   */
  onAddFromPhoto?: () => void;
  /** The lending parts of the cards. */
  lending: ItemCardLending;
  /** The request each item is promised or lent out under (see ownerActiveRequestByItem in features/lending). */
  activeRequests: ReadonlyMap<string, LendingRequest>;
  /** The contacts tile: how many, undefined while loading (or after a failure). */
  contacts: { count: number | undefined; loading: boolean };
}

export function MyItemsView({ onAddFromPhoto, lending, activeRequests, contacts }: MyItemsViewProps) {
  const { t } = useTranslation();
  const myItems = useMyItems();
  const [filters, setFilters] = useState<MyItemsFilters>(NO_MY_ITEMS_FILTERS);
  const [createOpen, setCreateOpen] = useState(false);
  const [dialog, setDialog] = useState<OpenItemDialog | null>(null);

  const items = myItems.data;
  // The day is a dependency: a page left open overnight counts the loans due yesterday as overdue.
  const today = useLocalToday();
  const overdue = useMemo(() => overdueItemIds(activeRequests, today), [activeRequests, today]);
  const counts = useMemo(() => countByStatus(items ?? [], overdue), [items, overdue]);
  const shown = useMemo(() => filterMyItems(items ?? [], filters, overdue), [items, filters, overdue]);
  const cardsShown = useCardsShown(shown.length);

  // Stable handlers, so the memoised cards do not re-render whenever this view does.
  const openers = useMemo(() => {
    const opener = (kind: ItemDialogKind) => (item: OwnItem) => setDialog({ kind, item, open: true });
    return { edit: opener('edit'), permissions: opener('permissions'), delete: opener('delete') };
  }, []);
  const closeDialog = (open: boolean) => {
    if (!open) setDialog((current) => current && { ...current, open: false });
  };
  // The dialog follows the list, so it shows the item as refreshed after a change; the
  // snapshot stays for the closing animation of an item that was just deleted.
  const dialogItem = dialog && (items?.find((item) => item.id === dialog.item.id) ?? dialog.item);

  // Counts appear once the items are there; the buttons show from the start.
  const countOf = (count: number) => (items === undefined ? undefined : count);
  const statusOptions = [
    { value: 'all', label: t('items.list.filters.all'), count: countOf(counts.all) },
    { value: 'available', label: t('items.list.filters.available'), count: countOf(counts.available) },
    { value: 'in_use', label: t('items.list.filters.in_use'), count: countOf(counts.in_use) },
    { value: 'requested', label: t('items.list.filters.requested'), count: countOf(counts.requested) },
    { value: 'overdue', label: t('items.list.filters.overdue'), count: countOf(counts.overdue) },
  ] as const satisfies readonly { value: MyItemsStatusFilter; label: string; count: number | undefined }[];
  // The filters stand above the list while it loads too: appearing with the
  // items, they pushed the cards down (a layout shift Lighthouse counts).
  // They go only when there is nothing to filter: no items, or none loaded.
  const showFilters = items === undefined ? !myItems.isError : items.length > 0;

  return (
    <>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {onAddFromPhoto && (
          // On a phone both share the row, or each takes a full row when they do not fit side by side.
          <Button variant="secondary" className="grow sm:grow-0" onClick={onAddFromPhoto} data-testid="add-from-photo">
            <Camera className="h-4 w-4" aria-hidden="true" />
            {t('itemCreation.open')}
          </Button>
        )}
        <Button className="grow sm:grow-0" onClick={() => setCreateOpen(true)} data-testid="add-item">
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t('items.list.addItem')}
        </Button>
      </div>

      <dl className="mt-4 grid grid-cols-3 gap-3" aria-label={t('items.list.stats.label')}>
        <StatTile
          icon={Package}
          label={t('items.list.stats.total')}
          value={items?.length}
          loading={myItems.isPending}
          data-testid="stat-total"
        />
        <StatTile
          icon={Share2}
          label={t('items.list.stats.shared')}
          value={items?.filter((item) => item.sharedWithCount > 0).length}
          loading={myItems.isPending}
          data-testid="stat-shared"
        />
        <StatTile
          icon={Users}
          label={t('items.list.stats.contacts')}
          value={contacts.count}
          loading={contacts.loading}
          data-testid="stat-contacts"
        />
      </dl>

      {showFilters && (
        <div className="mt-6 space-y-4">
          <FilterButtons
            label={t('items.list.filters.label')}
            options={statusOptions}
            value={filters.status}
            onChange={(status) => setFilters((current) => ({ ...current, status }))}
            // Five filters on a phone: All across the top, the four statuses in pairs below, so no
            // status sits alone on a row. Three to a row cut "Verfügbar" at 360 px. Wider, one row.
            className="grid-cols-2 [&>:first-child]:col-span-2 sm:flex sm:flex-wrap"
            data-testid="my-items-status"
          />
          <form
            role="search"
            className="grid gap-3 sm:grid-cols-[1fr_14rem]"
            onSubmit={(event) => event.preventDefault()}
          >
            <TextField
              label={t('items.list.search.label')}
              type="search"
              value={filters.text}
              onChange={(event) => setFilters((current) => ({ ...current, text: event.target.value }))}
              placeholder={t('items.list.search.placeholder')}
              maxLength={LIMITS.nameMax}
              autoComplete="off"
              data-testid="my-items-search"
            />
            <CategorySelect
              value={filters.category}
              onChange={(category) => setFilters((current) => ({ ...current, category }))}
              data-testid="my-items-category"
            />
          </form>
        </div>
      )}

      <div className="mt-6">
        {items === undefined && myItems.isError && (
          <ItemsLoadError
            message={t('items.list.loadFailed')}
            retryLabel={t('items.list.retry')}
            onRetry={() => void myItems.refetch()}
          />
        )}
        {items === undefined && !myItems.isError && <ItemsLoadingGrid label={t('items.list.loading')} />}
        {items?.length === 0 && (
          <ItemsEmptyState
            icon={Package}
            title={t('items.list.empty.title')}
            description={t('items.list.empty.description')}
            data-testid="my-items-empty"
          >
            <div className="mt-5 flex flex-wrap justify-center gap-2">
              <Button onClick={() => setCreateOpen(true)} data-testid="add-first-item">
                <Plus className="h-4 w-4" aria-hidden="true" />
                {t('items.list.empty.addFirst')}
              </Button>
              {onAddFromPhoto && (
                <Button variant="secondary" onClick={onAddFromPhoto} data-testid="add-first-from-photo">
                  <Camera className="h-4 w-4" aria-hidden="true" />
                  {t('itemCreation.open')}
                </Button>
              )}
            </div>
          </ItemsEmptyState>
        )}
        {items !== undefined && items.length > 0 && shown.length === 0 && (
          <ItemsEmptyState
            icon={SearchX}
            title={t('items.list.noMatch.title')}
            description={t('items.list.noMatch.description')}
            data-testid="my-items-no-match"
          >
            <Button variant="secondary" className="mt-5" onClick={() => setFilters(NO_MY_ITEMS_FILTERS)}>
              {t('items.list.noMatch.clearFilters')}
            </Button>
          </ItemsEmptyState>
        )}
        {shown.length > 0 && (
          <ul aria-label={t('items.list.listLabel')} className={ITEM_GRID_CLASSES}>
            {shown.slice(0, cardsShown).map((item, index) => (
              <li key={item.id}>
                <OwnItemCard
                  imagePriority={index === 0}
                  item={item}
                  activeRequest={activeRequests.get(item.id)}
                  lending={lending}
                  onEdit={openers.edit}
                  onPermissions={openers.permissions}
                  onDelete={openers.delete}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      <ItemFormDialog open={createOpen} onOpenChange={setCreateOpen} />
      {dialog && dialogItem && dialog.kind === 'edit' && (
        <ItemFormDialog key={dialogItem.id} open={dialog.open} onOpenChange={closeDialog} item={dialogItem} />
      )}
      {dialog && dialogItem && dialog.kind === 'permissions' && (
        <ItemPermissionsDialog key={dialogItem.id} open={dialog.open} onOpenChange={closeDialog} item={dialogItem} />
      )}
      {dialog && dialogItem && dialog.kind === 'delete' && (
        <DeleteItemDialog key={dialogItem.id} open={dialog.open} onOpenChange={closeDialog} item={dialogItem} />
      )}
    </>
  );
}

/** Items lent out past their due date, by the loans the page passes in (counted in the user's own calendar days). */
function overdueItemIds(activeRequests: ReadonlyMap<string, LendingRequest>, today: string): Set<string> {
  const ids = new Set<string>();
  for (const [itemId, request] of activeRequests) if (isOverdueLoan(request, today)) ids.add(itemId);
  return ids;
}
