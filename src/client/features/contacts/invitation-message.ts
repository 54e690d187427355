import type { InvitationData } from '@/contract/schemas/contact';
import { INVITATION_FALLBACK_LANGUAGE, type Language } from '@/contract/enums';
import { toSupportedLanguage } from '../../i18n/languages';

/** The product name the invitation texts use for {{appName}}. */
export const APP_NAME = 'Lendloop';

/** A translator bound to one language, e.g. `i18n.getFixedT(lng)` wrapped to this shape. */
export type Translate = (key: string, values: Record<string, string>) => string;

export interface InvitationTexts {
  whatsapp: string;
  emailSubject: string;
  emailBody: string;
}

/**
 * Invitations go out in the inviter's profile language (the issue: a
 * person's language is used for their invitations), not the language the
 * screen happens to show; all four languages have invitation texts. English
 * when there is none or it is not one of ours (spec §1 and §7: English is
 * the invitation fallback).
 */
export function invitationLanguage(profileLanguage: string | undefined): Language {
  return toSupportedLanguage(profileLanguage) ?? INVITATION_FALLBACK_LANGUAGE;
}

export function buildInvitationTexts(translate: Translate, data: InvitationData): InvitationTexts {
  const values = {
    contactName: data.contactName,
    userName: data.inviterName,
    link: data.invitationLink,
    appName: APP_NAME,
  };
  return {
    whatsapp: translate('contacts.invitation.message.whatsapp', values),
    emailSubject: translate('contacts.invitation.message.emailSubject', values),
    emailBody: translate('contacts.invitation.message.emailBody', values),
  };
}

export { mailtoUrl, whatsappUrl } from '@/client/lib/share-urls';
