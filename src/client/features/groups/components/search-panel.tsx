import { Search, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@/contract/limits';
import { groupSearchQuerySchema } from '@/contract/schemas/group';
import { TextField } from '@/client/components/ui/form-field';
import { useSearchGroups } from '../api/search-groups';
import { useDebouncedValue } from '@/client/lib/use-debounced-value';
import { GroupList, GroupsEmptyState } from './group-list';

/** Typing pauses this long before a search goes out; the same rest as the radius slider. */
const SEARCH_DEBOUNCE_MS = LIMITS.radiusDebounceMs;

/** The trimmed search text when the contract accepts it (at least 3 characters), else null. */
export function validSearchQuery(text: string): string | null {
  const parsed = groupSearchQuerySchema.safeParse({ q: text });
  return parsed.success ? parsed.data.q : null;
}

interface SearchPanelProps {
  text: string;
  onTextChange: (text: string) => void;
}

/** Spec §2 Search: public groups by name, description or exact code; asks only from 3 characters on. */
export function SearchPanel({ text, onTextChange }: SearchPanelProps) {
  const { t } = useTranslation();
  const typed = validSearchQuery(text);
  const query = validSearchQuery(useDebouncedValue(text, SEARCH_DEBOUNCE_MS));
  const search = useSearchGroups(typed === null ? null : query);

  return (
    <div className="space-y-4">
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <TextField
          label={t('groups.search.label')}
          type="search"
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          placeholder={t('groups.search.placeholder')}
          maxLength={LIMITS.groupNameMax}
          autoComplete="off"
          hint={typed === null ? t('groups.search.hint') : undefined}
          data-testid="group-search-input"
        />
      </form>
      {typed === null ? (
        <GroupsEmptyState
          icon={Search}
          title={t('groups.empty.searchStartTitle')}
          description={t('groups.empty.searchStartDescription')}
        />
      ) : (
        <div aria-busy={search.isFetching}>
          <GroupList
            groups={search.data}
            isError={search.isError}
            onRetry={() => void search.refetch()}
            label={t('groups.lists.search')}
            empty={
              <GroupsEmptyState
                icon={SearchX}
                title={t('groups.empty.searchTitle')}
                description={t('groups.empty.searchDescription', { query: query ?? typed })}
              />
            }
          />
        </div>
      )}
    </div>
  );
}
