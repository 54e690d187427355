import { PackageSearch } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SharedItem } from '@/contract/schemas/item';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { STATUS_CLASSES, STATUS_LABEL_KEYS } from '@/client/lib/item-labels';
import { useDebouncedValue } from '@/client/lib/use-debounced-value';
import { isSuggestionText, useItemSuggestions } from '../api/get-item-suggestions';

/** Spec §4: searches wait 300 ms after the last key. */
export const SUGGESTION_DELAY_MS = 300;

/**
 * Without the page's reasons: as on the item card, not while the owner keeps
 * it in use. One that is out, promised or reserved can be asked for later
 * days, which the borrow dialog's calendar shows (docs/decisions/0047).
 */
function canAskFor(item: SharedItem): boolean {
  return item.status !== 'in_use';
}

export interface ItemSuggestionsProps {
  /** What the user is typing as the request's title. */
  text: string;
  /** Opens the borrow flow for one item (the Available Items page's); without it the list only informs. */
  onAskForItem?: (item: SharedItem) => void;
  /**
   * Why Ask is off for an item, already translated (the user already asked
   * for it, or the owner keeps it in use), undefined when it may be
   * asked for. The page builds it from the user's sent requests, which this
   * feature does not load.
   */
  askBlockedReason?: (item: SharedItem) => string | undefined;
}

/**
 * "Already in your network" (issue 19 part 3): while the user types what
 * they are looking for, up to five items they can already see that match
 * (the Available Items search, so never anything hidden from them), each
 * with its owner and status and a way to ask for it directly instead of
 * asking everyone. Nothing is shown when nothing matches; screen readers
 * hear how many suggestions appeared.
 */
export function ItemSuggestions({ text, onAskForItem, askBlockedReason }: ItemSuggestionsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const searched = useDebouncedValue(text.trim(), SUGGESTION_DELAY_MS);
  const suggestions = useItemSuggestions(searched);
  const items = isSuggestionText(searched) ? (suggestions.data?.items ?? []) : [];
  return (
    <>
      <p role="status" aria-live="polite" className="sr-only" data-testid="network-request-suggestions-status">
        {items.length > 0 ? t('networkRequests.suggestions.announce', { count: items.length }) : ''}
      </p>
      {items.length > 0 && (
        <section
          aria-labelledby={headingId}
          className="rounded-xl border border-brand-200 bg-brand-50 p-3"
          data-testid="network-request-suggestions"
          aria-busy={suggestions.isPlaceholderData}
        >
          <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <PackageSearch className="h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
            {t('networkRequests.suggestions.heading')}
          </h3>
          <p className="mt-0.5 text-xs text-slate-700">{t('networkRequests.suggestions.hint')}</p>
          <ul className="mt-2 divide-y divide-brand-100">
            {items.map((item) => (
              <SuggestionRow
                key={item.id}
                item={item}
                onAskForItem={onAskForItem}
                blockedReason={askBlockedReason?.(item)}
                canAsk={askBlockedReason ? askBlockedReason(item) === undefined : canAskFor(item)}
              />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

interface SuggestionRowProps {
  item: SharedItem;
  onAskForItem?: (item: SharedItem) => void;
  blockedReason: string | undefined;
  canAsk: boolean;
}

function SuggestionRow({ item, onAskForItem, blockedReason, canAsk }: SuggestionRowProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const reason = onAskForItem && blockedReason;
  return (
    <li className="flex items-center gap-3 py-2" data-testid="network-request-suggestion">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{item.name}</p>
        <p className="flex min-w-0 items-center gap-2 text-xs text-slate-700">
          <span className="truncate">{t('networkRequests.suggestions.owner', { name: item.owner.name })}</span>
          <span
            className={cn('inline-flex shrink-0 rounded-full px-2 py-0.5 font-semibold', STATUS_CLASSES[item.status])}
          >
            {t(STATUS_LABEL_KEYS[item.status])}
          </span>
        </p>
        {/* Beside the disabled Ask, as the card's UnavailableAction: a phone has no hover for a title. */}
        {reason && (
          <p id={reasonId} className="mt-0.5 text-xs text-slate-600" data-testid="network-request-suggestion-reason">
            {reason}
          </p>
        )}
      </div>
      {onAskForItem && (
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0"
          disabled={!canAsk}
          onClick={() => onAskForItem(item)}
          aria-label={t('networkRequests.suggestions.askNamed', { name: item.name, owner: item.owner.name })}
          aria-describedby={reason ? reasonId : undefined}
          data-testid="network-request-suggestion-ask"
        >
          {t('networkRequests.suggestions.ask')}
        </Button>
      )}
    </li>
  );
}
