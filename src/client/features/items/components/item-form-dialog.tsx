import { useTranslation } from 'react-i18next';
import type { OwnItem } from '@/contract/schemas/item';
import { Dialog, DialogContent } from '@/client/components/ui/dialog';
import { ItemForm, type ItemSuggestion } from './item-form';

export interface ItemFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The item to edit; none to add a new one. */
  item?: OwnItem;
  /**
   * Said above the form when the item was just made from a photo or a
   * barcode (issue 16): what was filled in, or that the photo was not
   * recognised and the name is still to be given.
   */
  notice?: string;
  /** The analysis' unsure guess, offered in the form (issue 33, defect 11). */
  suggestion?: ItemSuggestion | null;
  /** Closed without saving (Cancel, the close button, Escape, Back): the page may ask what to do with a new item. */
  onCancelled?: () => void;
}

/**
 * Spec §2 add and edit item dialog. The form is mounted per opening, so it
 * starts from the item (or empty) each time; the name field gets the focus.
 */
export function ItemFormDialog({ open, onOpenChange, item, notice, suggestion, onCancelled }: ItemFormDialogProps) {
  const { t } = useTranslation();
  const close = (saved: boolean) => {
    onOpenChange(false);
    if (!saved) onCancelled?.();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close(false))}>
      {open && (
        <DialogContent
          title={item ? t('items.form.editTitle') : t('items.form.createTitle')}
          description={item ? t('items.form.editDescription', { name: item.name }) : t('items.form.createDescription')}
          closeLabel={t('common.close')}
          focusFirstField
          data-testid="item-form-dialog"
        >
          {notice && (
            <p
              role="status"
              className="mb-4 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-slate-800"
              data-testid="item-form-notice"
            >
              {notice}
            </p>
          )}
          <ItemForm item={item} onDone={() => close(true)} onCancel={() => close(false)} suggestion={suggestion} />
        </DialogContent>
      )}
    </Dialog>
  );
}
