import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/layouts/page-frame';
import { MessagesView } from '../../features/messages/components/messages-view';

/** Spec §2 Messages: conversations and the open thread (`/messages?with=<partnerId>`). */
export function MessagesPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.messages.title')} subtitle={t('pages.messages.subtitle')}>
      <MessagesView />
    </PageFrame>
  );
}
