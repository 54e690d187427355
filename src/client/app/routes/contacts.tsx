import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/layouts/page-frame';
import { ContactsView } from '../../features/contacts/components/contacts-view';

/** Spec §2 Contacts: the signed-in user's address book, invitations and device import. */
export function ContactsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.contacts.title')} subtitle={t('pages.contacts.subtitle')}>
      <ContactsView />
    </PageFrame>
  );
}
