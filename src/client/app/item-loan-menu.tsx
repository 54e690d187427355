import type { Contact } from '../../contract/schemas/contact';
import type { OwnItem } from '../../contract/schemas/item';
import { useContacts } from '../features/contacts/api/get-contacts';
import { ItemLoanMenu } from '../features/lending/components/item-loan-menu';

const NO_CONTACTS: readonly Contact[] = [];

/**
 * The lending feature's loan menu on an own item card (issue 19), with the
 * contacts feature's address book for "who borrowed it" (the same cached
 * query as the My Items contacts tile).
 */
export function OwnItemLoanMenu({ item }: { item: OwnItem }) {
  const contacts = useContacts();
  return <ItemLoanMenu item={item} contacts={contacts.data ?? NO_CONTACTS} contactsStatus={contacts.status} />;
}
