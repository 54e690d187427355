import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/layouts/page-frame';

/** Page frame only (spec §2 Contacts); the screen itself comes with its own issue. */
export function ContactsPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pages.contacts.title')} subtitle={t('pages.contacts.subtitle')} />;
}
