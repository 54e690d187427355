import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvitationData } from '@/contract/schemas/contact';
import { useAuthUser } from '@/client/lib/auth/get-auth-user';
import { buildInvitationTexts, invitationLanguage, type InvitationTexts } from '../invitation-message';

/**
 * The language the invitation is written in: the inviter's profile language
 * (invitationLanguage). Each language loads only its own file, so when it is
 * not the interface language its file is fetched first; null until then. If
 * that fetch fails, the interface language (always loaded) stands in: a text
 * the inviter can read beats one made of keys.
 */
function useInvitationLanguage(): string | null {
  const { i18n } = useTranslation();
  const { data: user, isPending } = useAuthUser();
  const wanted = invitationLanguage(user?.language);
  const ready = i18n.hasResourceBundle(wanted, 'translation');
  const [attempted, setAttempted] = useState<string | null>(null);

  useEffect(() => {
    if (ready) return;
    let live = true;
    void i18n.loadLanguages(wanted).then(() => {
      if (live) setAttempted(wanted);
    });
    return () => {
      live = false;
    };
  }, [i18n, ready, wanted]);

  // Signed-in pages start with the user loaded; elsewhere, wait rather than flash another language.
  if (isPending) return null;
  if (ready) return wanted;
  return attempted === wanted ? (i18n.resolvedLanguage ?? null) : null;
}

export interface LocalizedInvitationTexts {
  texts: InvitationTexts;
  /** The language the texts are written in. */
  language: string;
}

/** The invitation texts in the inviter's profile language (English when there is none); null while loading. */
export function useInvitationTexts(data: InvitationData | undefined): LocalizedInvitationTexts | null {
  const { i18n } = useTranslation();
  const language = useInvitationLanguage();
  return useMemo(() => {
    if (!data || !language) return null;
    const fixed = i18n.getFixedT(language);
    return { texts: buildInvitationTexts((key, values) => fixed(key, values), data), language };
  }, [data, i18n, language]);
}
