import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CalendarDays, EllipsisVertical, History, NotebookPen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LOAN_MENU_TRIGGER_CLASSES } from './item-loan-menu-trigger';

const MENU_ITEM_CLASSES =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';

export interface ItemLoanMenuDropdownProps {
  /** The trigger's accessible name and tooltip. */
  label: string;
  /** Open at once: the first click on the placeholder (ItemLoanMenu) loaded this chunk. */
  defaultOpen: boolean;
  onChoose: (dialog: 'record' | 'history' | 'calendar') => void;
}

/**
 * The loan menu itself (Radix dropdown, with its positioning library): a
 * chunk of its own that `ItemLoanMenu` loads on first use.
 */
export function ItemLoanMenuDropdown({ label, defaultOpen, onChoose }: ItemLoanMenuDropdownProps) {
  const { t } = useTranslation();
  return (
    // Non-modal, as the other card menus: the page is not hidden from assistive technology while it is open.
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        aria-label={label}
        title={label}
        className={LOAN_MENU_TRIGGER_CLASSES}
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
          onSelect={() => onChoose('record')}
          data-testid="item-record-loan"
        >
          <NotebookPen className="h-4 w-4" aria-hidden="true" />
          {t('loanHistory.record.action')}
        </DropdownMenu.Item>
        <DropdownMenu.Item
          className={MENU_ITEM_CLASSES}
          onSelect={() => onChoose('history')}
          data-testid="item-loan-history"
        >
          <History className="h-4 w-4" aria-hidden="true" />
          {t('loanHistory.history.action')}
        </DropdownMenu.Item>
        <DropdownMenu.Item
          className={MENU_ITEM_CLASSES}
          onSelect={() => onChoose('calendar')}
          data-testid="item-calendar"
        >
          <CalendarDays className="h-4 w-4" aria-hidden="true" />
          {t('reservations.calendar.action')}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
