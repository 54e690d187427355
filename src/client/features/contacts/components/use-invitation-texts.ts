import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvitationData } from '../../../../contract/schemas/contact';
import { buildInvitationTexts, invitationLanguage, type InvitationTexts } from '../invitation-message';

/** The invitation texts in the inviter's interface language (English when it is not one of ours). */
export function useInvitationTexts(data: InvitationData | undefined): InvitationTexts | null {
  const { i18n } = useTranslation();
  const language = invitationLanguage(i18n.resolvedLanguage);
  return useMemo(() => {
    if (!data) return null;
    const fixed = i18n.getFixedT(language);
    return buildInvitationTexts((key, values) => fixed(key, values), data);
  }, [data, i18n, language]);
}
