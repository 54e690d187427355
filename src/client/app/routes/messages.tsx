import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/layouts/page-frame';

/** Page frame only (spec §2 Messages); the screen itself comes with its own issue. */
export function MessagesPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pages.messages.title')} subtitle={t('pages.messages.subtitle')} />;
}
