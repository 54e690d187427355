import { buttonClasses } from '@/client/components/ui/button';

/** The loan menu's button: the same look before (ItemLoanMenu's placeholder) and after its dropdown has loaded. */
export const LOAN_MENU_TRIGGER_CLASSES = buttonClasses('ghost', 'iconSm', 'shrink-0');
