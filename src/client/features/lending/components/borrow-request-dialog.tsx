import { Tag, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SharedItem } from '@/contract/schemas/item';
import { FormDialog } from '@/client/components/ui/form-dialog';
import { CATEGORY_LABEL_KEYS } from '@/client/lib/item-labels';
import { BorrowRequestForm } from './borrow-request-form';

export interface BorrowRequestDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item: SharedItem;
}

/**
 * Spec §2 borrow-request dialog: the item's name (title), owner and
 * description above the form. The form is mounted per opening, so it starts
 * empty each time; the message field gets the focus.
 */
export function BorrowRequestDialog({ open, onOpenChange, item }: BorrowRequestDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('lending.borrow.title', { name: item.name })}
      description={t('lending.borrow.description', { owner: item.owner.name })}
      data-testid="borrow-dialog"
    >
      <div className="mb-4 space-y-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <dl className="flex flex-wrap gap-x-4 gap-y-1">
          <div className="flex min-w-0 items-center gap-1.5">
            <dt>
              <User className="h-4 w-4 text-slate-500" aria-hidden="true" />
              <span className="sr-only">{t('items.card.owner')}</span>
            </dt>
            <dd className="truncate" data-testid="borrow-owner">
              {item.owner.name}
            </dd>
          </div>
          <div className="flex min-w-0 items-center gap-1.5">
            <dt>
              <Tag className="h-4 w-4 text-slate-500" aria-hidden="true" />
              <span className="sr-only">{t('items.card.category')}</span>
            </dt>
            <dd className="truncate">{t(CATEGORY_LABEL_KEYS[item.category])}</dd>
          </div>
        </dl>
        {item.description && (
          <p className="break-words" data-testid="borrow-item-description">
            {item.description}
          </p>
        )}
      </div>
      <BorrowRequestForm item={item} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}
