import { useTranslation } from 'react-i18next';
import type { Contact } from '@/contract/schemas/contact';
import { PageFrame } from '../../components/layouts/page-frame';
import { BlockContactButton } from '../../features/blocks/components/block-contact-button';
import { ContactsView } from '../../features/contacts/components/contacts-view';
import { AutoAcceptSwitch } from '../../features/lending/components/auto-accept-switch';
import { ContactLoansButton } from '../../features/lending/components/contact-loans-button';
import { MessagePersonLink } from '../../features/messages/components/message-person-link';

/**
 * Loans (issue 19) on every contact: an unregistered one can have loans the
 * user recorded. Message (issue 33) and Block are offered for registered
 * people only: an unregistered contact has no account to write to or block;
 * the card says so under its Invite button (contacts.card.messageAfterJoining).
 */
function contactActions(contact: Contact) {
  return (
    <>
      {contact.status === 'active' && contact.user && (
        <MessagePersonLink userId={contact.user.id} name={contact.name} />
      )}
      <ContactLoansButton contact={contact} />
      {contact.status === 'active' && contact.user && (
        <BlockContactButton person={{ userId: contact.user.id, name: contact.name }} />
      )}
    </>
  );
}

/** A registered contact's requests for free days may be accepted without asking (issue 35). */
function contactFooter(contact: Contact) {
  if (contact.status !== 'active' || !contact.user) return null;
  return (
    <AutoAcceptSwitch target={{ kind: 'contact', id: contact.id }} checked={contact.autoAccept} name={contact.name} />
  );
}

/** Spec §2 Contacts: the signed-in user's address book, invitations and device import; Loans, and Block on active contacts. */
export function ContactsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.contacts.title')} subtitle={t('pages.contacts.subtitle')}>
      <ContactsView contactActions={contactActions} contactFooter={contactFooter} />
    </PageFrame>
  );
}
