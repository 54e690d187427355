import { EllipsisVertical } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@/contract/schemas/contact';
import type { OwnItem } from '@/contract/schemas/item';
import { lazyDialog } from '@/client/components/ui/lazy-dialog';
import type { ContactsStatus } from './borrower-picker';
import { LOAN_MENU_TRIGGER_CLASSES } from './item-loan-menu-trigger';

// Loaded when first opened: the form (zod, react-hook-form) is not needed to show My Items.
const RecordLoanDialog = lazyDialog(() => import('./record-loan-dialog').then((m) => m.RecordLoanDialog));
const ItemHistoryDialog = lazyDialog(() => import('./item-history-dialog').then((m) => m.ItemHistoryDialog));
const ItemAvailabilityDialog = lazyDialog(() =>
  import('../calendar/item-availability-dialog').then((m) => m.ItemAvailabilityDialog),
);

// Radix DropdownMenu with Floating UI (about 14 kB gzip) is not needed to show the cards either: loaded on
// first use, as the account menu (components/layouts/user-menu.tsx; docs/performance.md, client round 3).
const loadDropdown = () => import('./item-loan-menu-dropdown');
const ItemLoanMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.ItemLoanMenuDropdown })));

type OpenDialog = 'record' | 'history' | 'calendar' | null;

export interface ItemLoanMenuProps {
  item: OwnItem;
  /** The owner's address book, for "who borrowed it". */
  contacts: readonly Contact[];
  /** Whether the address book is still loading or failed to (then a typed name is not judged). */
  contactsStatus: ContactsStatus;
}

/**
 * The owner's loan actions on an item card (issue 19): Record a loan (also
 * while it is lent out: then only a loan that is already over), its
 * lending history and its calendar (issue 35: who has which days). A menu, so the card's row of buttons still fits a phone
 * in every language.
 */
export function ItemLoanMenu({ item, contacts, contactsStatus }: ItemLoanMenuProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const setOpen = (kind: Exclude<OpenDialog, null>) => (open: boolean) => setDialog(open ? kind : null);
  const [wanted, setWanted] = useState(false);
  const label = t('loanHistory.more', { name: item.name });
  // Until the first click a plain button that looks the same; pointing at or focusing it starts the download.
  const placeholder = (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-haspopup="menu"
      aria-expanded={false}
      className={LOAN_MENU_TRIGGER_CLASSES}
      data-testid="item-loan-menu"
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setWanted(true)}
    >
      <EllipsisVertical className="h-4 w-4" aria-hidden="true" />
    </button>
  );
  return (
    <>
      {wanted ? (
        <Suspense fallback={placeholder}>
          <ItemLoanMenuDropdown label={label} defaultOpen onChoose={setDialog} />
        </Suspense>
      ) : (
        placeholder
      )}
      <RecordLoanDialog
        open={dialog === 'record'}
        onOpenChange={setOpen('record')}
        item={item}
        contacts={contacts}
        contactsStatus={contactsStatus}
      />
      <ItemHistoryDialog open={dialog === 'history'} onOpenChange={setOpen('history')} item={item} />
      <ItemAvailabilityDialog open={dialog === 'calendar'} onOpenChange={setOpen('calendar')} item={item} asOwner />
    </>
  );
}
