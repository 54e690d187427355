import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { EllipsisVertical, History, NotebookPen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '../../../../contract/schemas/contact';
import type { OwnItem } from '../../../../contract/schemas/item';
import { buttonClasses } from '../../../components/ui/button';
import { lazyDialog } from '../../../components/ui/lazy-dialog';
import type { ContactsStatus } from './borrower-picker';

// Loaded when first opened: the form (zod, react-hook-form) is not needed to show My Items.
const RecordLoanDialog = lazyDialog(() => import('./record-loan-dialog').then((m) => m.RecordLoanDialog));
const ItemHistoryDialog = lazyDialog(() => import('./item-history-dialog').then((m) => m.ItemHistoryDialog));

const MENU_ITEM_CLASSES =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';

type OpenDialog = 'record' | 'history' | null;

export interface ItemLoanMenuProps {
  item: OwnItem;
  /** The owner's address book, for "who borrowed it". */
  contacts: readonly Contact[];
  /** Whether the address book is still loading or failed to (then a typed name is not judged). */
  contactsStatus: ContactsStatus;
}

/**
 * The owner's loan actions on an item card (issue 19): Record a loan (also
 * while it is lent out: then only a loan that is already over) and its
 * lending history. A menu, so the card's row of buttons still fits a phone
 * in every language.
 */
export function ItemLoanMenu({ item, contacts, contactsStatus }: ItemLoanMenuProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const setOpen = (kind: Exclude<OpenDialog, null>) => (open: boolean) => setDialog(open ? kind : null);
  return (
    <>
      {/* Non-modal, as the other card menus: the page is not hidden from assistive technology while it is open. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={t('loanHistory.more', { name: item.name })}
          title={t('loanHistory.more', { name: item.name })}
          className={buttonClasses('ghost', 'iconSm', 'shrink-0')}
          data-testid="item-loan-menu"
        >
          <EllipsisVertical className="h-4 w-4" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-40 w-60 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Item
            className={MENU_ITEM_CLASSES}
            onSelect={() => setDialog('record')}
            data-testid="item-record-loan"
          >
            <NotebookPen className="h-4 w-4" aria-hidden="true" />
            {t('loanHistory.record.action')}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={MENU_ITEM_CLASSES}
            onSelect={() => setDialog('history')}
            data-testid="item-loan-history"
          >
            <History className="h-4 w-4" aria-hidden="true" />
            {t('loanHistory.history.action')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <RecordLoanDialog
        open={dialog === 'record'}
        onOpenChange={setOpen('record')}
        item={item}
        contacts={contacts}
        contactsStatus={contactsStatus}
      />
      <ItemHistoryDialog open={dialog === 'history'} onOpenChange={setOpen('history')} item={item} />
    </>
  );
}
