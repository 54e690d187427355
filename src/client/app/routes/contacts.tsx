import { useTranslation } from 'react-i18next';
import type { Contact } from '../../../contract/schemas/contact';
import { PageFrame } from '../../components/layouts/page-frame';
import { BlockContactButton } from '../../features/blocks/components/block-contact-button';
import { ContactsView } from '../../features/contacts/components/contacts-view';

/** Block is offered for registered people only: an unregistered contact has no account to block. */
function blockAction(contact: Contact) {
  if (contact.status !== 'active' || !contact.user) return null;
  return <BlockContactButton person={{ userId: contact.user.id, name: contact.name }} />;
}

/** Spec §2 Contacts: the signed-in user's address book, invitations and device import; Block on active contacts. */
export function ContactsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.contacts.title')} subtitle={t('pages.contacts.subtitle')}>
      <ContactsView contactActions={blockAction} />
    </PageFrame>
  );
}
