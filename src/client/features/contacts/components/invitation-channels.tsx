import { Mail, MessageCircle } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvitationMethod } from '../../../../contract/enums';
import type { InvitationData } from '../../../../contract/schemas/contact';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/error-message';
import { useSendInvitation } from '../api/send-invitation';
import { mailtoUrl, whatsappUrl, type InvitationTexts } from '../invitation-message';
import { openInNewTab, openMailApp } from '../open-external';
import { InvitationLinkField } from './invitation-link-field';

interface ChannelProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}

/** One way to invite: heading, message preview and its action. */
function Channel({ icon, title, children }: ChannelProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-slate-200 p-4">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

function Preview({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-sm wrap-anywhere whitespace-pre-wrap text-slate-800">
      {children}
    </div>
  );
}

const SUCCESS_KEYS = {
  whatsapp: 'contacts.invitation.sentWhatsapp',
  email: 'contacts.invitation.sentEmail',
  link: 'contacts.invitation.linkCopied',
} as const satisfies Record<InvitationMethod, string>;

interface InvitationChannelsProps {
  data: InvitationData;
  texts: InvitationTexts;
  /** Called after an invitation went out by WhatsApp or email. */
  onSent: () => void;
}

/**
 * Spec §2 Invitation dialog body: WhatsApp and email with their message
 * previews, and the link to copy. Each way opens (or copies) first, in the
 * click itself so no popup blocker interferes, then records the invitation.
 */
export function InvitationChannels({ data, texts, onSent }: InvitationChannelsProps) {
  const { t, i18n } = useTranslation();
  const send = useSendInvitation();

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
    <div className="space-y-4">
      <Channel
        icon={<MessageCircle className="h-4 w-4" aria-hidden="true" />}
        title={t('contacts.invitation.whatsapp')}
      >
        <Preview>{texts.whatsapp}</Preview>
        {!data.contactPhone && <p className="text-sm text-slate-600">{t('contacts.invitation.noPhone')}</p>}
        <Button
          onClick={viaWhatsapp}
          disabled={send.isPending}
          className="w-full sm:w-auto"
          data-testid="invite-whatsapp"
        >
          {t('contacts.invitation.sendWhatsapp')}
        </Button>
      </Channel>

      <Channel icon={<Mail className="h-4 w-4" aria-hidden="true" />} title={t('contacts.invitation.email')}>
        <Preview>
          <p className="font-semibold">{t('contacts.invitation.subject', { subject: texts.emailSubject })}</p>
          <p className="mt-2">{texts.emailBody}</p>
        </Preview>
        {!data.contactEmail && <p className="text-sm text-slate-600">{t('contacts.invitation.noEmail')}</p>}
        <Button onClick={viaEmail} disabled={send.isPending} className="w-full sm:w-auto" data-testid="invite-email">
          {t('contacts.invitation.sendEmail')}
        </Button>
      </Channel>

      <InvitationLinkField link={data.invitationLink} onCopied={() => record('link')} />
    </div>
  );
}
