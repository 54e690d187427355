import { Inbox, Megaphone, SearchX } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@/contract/limits';
import type { AvailableStatusFilter, SharedItem } from '@/contract/schemas/item';
import type { LendingRequest } from '@/contract/schemas/lending';
import { Button } from '@/client/components/ui/button';
import { TextField } from '@/client/components/ui/form-field';
import { useDebouncedValue } from '@/client/lib/use-debounced-value';
import { useAuthUser } from '@/client/lib/auth/get-auth-user';
import { UNFILTERED_AVAILABLE_ITEMS, useAvailableItems, type AvailableItemsFilters } from '../api/get-available-items';
import { CategorySelect, type CategoryFilter } from './category-select';
import { FilterButtons } from './filter-buttons';
import { SharedItemCard } from './item-card';
import type { ItemCardLending } from './item-card-lending';
import {
  ITEM_GRID_CLASSES,
  ItemsEmptyState,
  ItemsLoadError,
  ItemsLoadingGrid,
  useCardsShown,
} from './item-list-states';

/** Typing pauses this long before a search goes out (the same rest as the group search). */
const SEARCH_DEBOUNCE_MS = LIMITS.radiusDebounceMs;

/** Starts loading the next page this far before the end of the list comes into view. */
const PRELOAD_MARGIN = '400px 0px';

/**
 * Calls `onVisible` when `target` scrolls into view while `enabled`. Where
 * the browser has no IntersectionObserver nothing happens: the Load more
 * button remains.
 */
function useWhenVisible(target: RefObject<HTMLElement | null>, enabled: boolean, onVisible: () => void) {
  const onVisibleRef = useRef(onVisible);
  useEffect(() => {
    onVisibleRef.current = onVisible;
  });
  useEffect(() => {
    const node = target.current;
    if (!enabled || node === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisibleRef.current();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [target, enabled]);
}

interface NotListedCardProps {
  onAskNetwork?: () => void;
}

/**
 * Spec §2: 'Item not listed?' with Ask network, which opens the network
 * request dialog; disabled until the user is known (and without a handler).
 */
function NotListedCard({ onAskNetwork }: NotListedCardProps) {
  const { t } = useTranslation();
  const user = useAuthUser();
  const headingId = useId();
  const canAsk = onAskNetwork !== undefined && Boolean(user.data);
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center"
      data-testid="item-not-listed"
    >
      <Megaphone className="hidden h-8 w-8 shrink-0 text-brand-700 sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {t('items.available.notListed.title')}
        </h2>
        <p className="text-sm text-slate-700">{t('items.available.notListed.description')}</p>
      </div>
      <Button
        variant="secondary"
        className="shrink-0"
        disabled={!canAsk}
        onClick={onAskNetwork}
        data-testid="ask-network"
      >
        <Megaphone className="h-4 w-4" aria-hidden="true" />
        {t('items.available.notListed.askNetwork')}
      </Button>
    </section>
  );
}

export interface AvailableItemsViewProps {
  /** Opens the network request dialog; without it (or before the user is known) Ask network is disabled. */
  onAskNetwork?: () => void;
  /** The lending parts of the cards (the page composes them). */
  lending: ItemCardLending;
  /** The user's own request for each item that its card shows (see sentRequestByItem in features/lending). */
  sentRequests: ReadonlyMap<string, LendingRequest>;
  /** Opens the borrow dialog; absent until the user and their requests are known. Stable, for the memoised cards. */
  onRequest: ((item: SharedItem) => void) | undefined;
}

/**
 * Spec §2 Available Items: search (name, description, owner; sent after a
 * pause in typing), category and status filters, the grid of other people's
 * items that loads the next page as the user scrolls (or taps Load more),
 * its empty states, and the 'Item not listed?' card. Each card shows the
 * user's own request for it, from their sent requests; Request opens the
 * borrow dialog once the user and those requests are known (both from the
 * lending feature, which the page composes).
 */
export function AvailableItemsView({ onAskNetwork, lending, sentRequests, onRequest }: AvailableItemsViewProps) {
  const { t } = useTranslation();
  // Starts unfiltered, the list the route prefetches (routes/available-items.tsx).
  const [text, setText] = useState(UNFILTERED_AVAILABLE_ITEMS.q);
  const [category, setCategory] = useState<CategoryFilter>(UNFILTERED_AVAILABLE_ITEMS.category);
  const [status, setStatus] = useState<AvailableStatusFilter>(UNFILTERED_AVAILABLE_ITEMS.status);
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const filters = useMemo<AvailableItemsFilters>(() => ({ q, category, status }), [q, category, status]);
  const available = useAvailableItems(filters);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = available;

  const items = useMemo(() => available.data?.pages.flatMap((page) => page.items), [available.data]);

  const filtering = filters.q !== '' || filters.category !== 'all' || filters.status !== 'all';

  const cardsShown = useCardsShown(items?.length ?? 0);
  const allShown = items !== undefined && cardsShown === items.length;

  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = () => void fetchNextPage({ cancelRefetch: false });
  // Not while the first screen's cards stand in for the page: the end of the list is not near yet.
  useWhenVisible(sentinel, allShown && hasNextPage && !isFetchingNextPage && !isFetchNextPageError, loadMore);

  const clearFilters = () => {
    setText('');
    setCategory('all');
    setStatus('all');
  };

  const statusOptions = [
    { value: 'all', label: t('items.available.status.all') },
    { value: 'available', label: t('items.available.status.available') },
    { value: 'in_use', label: t('items.available.status.in_use') },
  ] as const satisfies readonly { value: AvailableStatusFilter; label: string }[];

  return (
    <>
      <div className="mt-6 space-y-4">
        <form
          role="search"
          className="grid gap-3 sm:grid-cols-[1fr_14rem]"
          onSubmit={(event) => event.preventDefault()}
        >
          <TextField
            label={t('items.available.search.label')}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('items.available.search.placeholder')}
            maxLength={LIMITS.nameMax}
            autoComplete="off"
            data-testid="available-search"
          />
          <CategorySelect value={category} onChange={setCategory} data-testid="available-category" />
        </form>
        <FilterButtons
          label={t('items.available.status.label')}
          options={statusOptions}
          value={status}
          onChange={setStatus}
          className="grid-cols-3 sm:flex sm:flex-wrap"
          data-testid="available-status"
        />
        <NotListedCard onAskNetwork={onAskNetwork} />
      </div>

      <div className="mt-6" aria-busy={available.isFetching}>
        {items === undefined && available.isError && (
          <ItemsLoadError
            message={t('items.available.loadFailed')}
            retryLabel={t('items.available.retry')}
            onRetry={() => void available.refetch()}
          />
        )}
        {items === undefined && !available.isError && <ItemsLoadingGrid label={t('items.available.loading')} />}
        {items?.length === 0 &&
          (filtering ? (
            <ItemsEmptyState
              icon={SearchX}
              title={t('items.available.noMatch.title')}
              description={t('items.available.noMatch.description')}
              data-testid="available-no-match"
            >
              <Button variant="secondary" className="mt-5" onClick={clearFilters}>
                {t('items.available.noMatch.clearFilters')}
              </Button>
            </ItemsEmptyState>
          ) : (
            <ItemsEmptyState
              icon={Inbox}
              title={t('items.available.empty.title')}
              description={t('items.available.empty.description')}
              data-testid="available-empty"
            />
          ))}
        {items !== undefined && items.length > 0 && (
          <ul aria-label={t('items.available.listLabel')} className={ITEM_GRID_CLASSES}>
            {items.slice(0, cardsShown).map((item, index) => (
              <li key={item.id}>
                <SharedItemCard
                  item={item}
                  sentRequest={sentRequests.get(item.id)}
                  onRequest={onRequest}
                  lending={lending}
                  imagePriority={index === 0}
                />
              </li>
            ))}
          </ul>
        )}

        {hasNextPage && (
          <div ref={sentinel} className="mt-6 flex flex-col items-center gap-3" data-testid="available-more">
            {isFetchNextPageError && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {t('items.available.loadMoreFailed')}
              </p>
            )}
            <Button variant="secondary" onClick={loadMore} disabled={isFetchingNextPage} data-testid="load-more">
              {isFetchingNextPage ? t('items.available.loadingMore') : t('items.available.loadMore')}
            </Button>
          </div>
        )}
      </div>
    </>
  );
}
