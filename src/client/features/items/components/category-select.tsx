import { useTranslation } from 'react-i18next';
import { ITEM_CATEGORIES, type ItemCategory } from '@/contract/enums';
import { CATEGORY_LABEL_KEYS } from '@/client/lib/item-labels';
import { SelectField } from '@/client/components/ui/select-field';

export type CategoryFilter = ItemCategory | 'all';

const CATEGORY_FILTERS: readonly CategoryFilter[] = ['all', ...ITEM_CATEGORIES];

function isCategoryFilter(value: string): value is CategoryFilter {
  return (CATEGORY_FILTERS as readonly string[]).includes(value);
}

interface CategorySelectProps {
  value: CategoryFilter;
  onChange: (value: CategoryFilter) => void;
  className?: string;
  'data-testid'?: string;
}

/** The category filter of both item lists (spec §2): "All categories" and the ten categories. */
export function CategorySelect({ value, onChange, className, 'data-testid': testId }: CategorySelectProps) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('items.list.category')}
      value={value}
      onChange={(event) => {
        if (isCategoryFilter(event.target.value)) onChange(event.target.value);
      }}
      className={className}
      data-testid={testId}
    >
      {CATEGORY_FILTERS.map((category) => (
        <option key={category} value={category}>
          {t(CATEGORY_LABEL_KEYS[category])}
        </option>
      ))}
    </SelectField>
  );
}
