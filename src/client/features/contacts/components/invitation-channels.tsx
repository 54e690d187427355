import { Mail, MessageCircle } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvitationMethod } from '@/contract/enums';
import type { InvitationData } from '@/contract/schemas/contact';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/toast-store';
import { getErrorMessage } from '@/client/lib/error-message';
import { useSendInvitation } from '../api/send-invitation';
import { mailtoUrl, whatsappUrl, type InvitationTexts } from '../invitation-message';
import { openInNewTab, openMailApp } from '../open-external';
import { InvitationLinkField } from './invitation-link-field';

interface PreviewSectionProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}

/** The message one way of inviting sends, under its heading. */
function PreviewSection({ icon, title, children }: PreviewSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        {icon}
        {title}
      </h3>
      <div className="rounded-lg bg-slate-50 p-3 text-sm wrap-anywhere whitespace-pre-wrap text-slate-800">
        {children}
      </div>
    </section>
  );
}

/**
 * WhatsApp and email only hand the message to another app: the toast says
 * it was opened there, not that it went out.
 */
const SUCCESS_KEYS = {
  whatsapp: 'contacts.invitation.openedWhatsapp',
  email: 'contacts.invitation.openedEmail',
  link: 'contacts.invitation.linkCopied',
} as const satisfies Record<InvitationMethod, string>;

interface InvitationChannelsProps {
  data: InvitationData;
  texts: InvitationTexts;
  /** Called after the invitation was handed to WhatsApp or the mail app. */
  onSent: () => void;
}

/**
 * Spec §2 Invitation dialog body: the link to copy first, so it is in view
 * on a phone, then the WhatsApp and email buttons, then the message
 * previews. Each way opens (or copies) first, in the click itself so no
 * popup blocker interferes, then records the invitation.
 */
export function InvitationChannels({ data, texts, onSent }: InvitationChannelsProps) {
  const { t, i18n } = useTranslation();
  const send = useSendInvitation();
  const noPhoneId = useId();
  const noEmailId = useId();

  const record = (method: InvitationMethod) => {
    send.mutate(
      { contactId: data.contactId, invitationMethod: method },
      {
        onSuccess: () => {
          toast({ title: t(SUCCESS_KEYS[method]) });
          if (method !== 'link') onSent();
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('contacts.invitation.sendFailed'),
            description: getErrorMessage(error, i18n),
          }),
      },
    );
  };

  const viaWhatsapp = () => {
    openInNewTab(whatsappUrl(data.contactPhone, texts.whatsapp));
    record('whatsapp');
  };

  const viaEmail = () => {
    openMailApp(mailtoUrl(data.contactEmail, texts.emailSubject, texts.emailBody));
    record('email');
  };

  return (
    <div className="space-y-5">
      <InvitationLinkField link={data.invitationLink} onCopied={() => record('link')} />

      <div className="space-y-2">
        <div className="grid gap-2 sm:grid-cols-2">
          <Button
            onClick={viaWhatsapp}
            disabled={send.isPending}
            aria-describedby={data.contactPhone ? undefined : noPhoneId}
            data-testid="invite-whatsapp"
          >
            <MessageCircle className="h-4 w-4" aria-hidden="true" />
            {t('contacts.invitation.sendWhatsapp')}
          </Button>
          <Button
            onClick={viaEmail}
            disabled={send.isPending}
            aria-describedby={data.contactEmail ? undefined : noEmailId}
            data-testid="invite-email"
          >
            <Mail className="h-4 w-4" aria-hidden="true" />
            {t('contacts.invitation.sendEmail')}
          </Button>
        </div>
        {!data.contactPhone && (
          <p id={noPhoneId} className="text-sm text-slate-600">
            {t('contacts.invitation.noPhone')}
          </p>
        )}
        {!data.contactEmail && (
          <p id={noEmailId} className="text-sm text-slate-600">
            {t('contacts.invitation.noEmail')}
          </p>
        )}
      </div>

      <PreviewSection
        icon={<MessageCircle className="h-4 w-4" aria-hidden="true" />}
        title={t('contacts.invitation.whatsapp')}
      >
        {texts.whatsapp}
      </PreviewSection>
      <PreviewSection icon={<Mail className="h-4 w-4" aria-hidden="true" />} title={t('contacts.invitation.email')}>
        <p className="font-semibold">{t('contacts.invitation.subject', { subject: texts.emailSubject })}</p>
        <p className="mt-2">{texts.emailBody}</p>
      </PreviewSection>
    </div>
  );
}
