import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/client/components/ui/form-dialog';
import { toast } from '@/client/components/ui/toast-store';
import { getErrorMessage } from '@/client/lib/error-message';
import { useInvitationData } from '../api/get-invitation-data';
import { InvitationChannels } from './invitation-channels';
import { useInvitationTexts } from './use-invitation-texts';

/** Who is being invited: enough to title the dialog before the invitation data arrives. */
export interface InvitationTarget {
  id: string;
  name: string;
}

/**
 * A language's name in the interface language ("Englisch" on a German
 * screen), so the note reads naturally; the code itself if the browser
 * cannot name it.
 */
function languageName(language: string, interfaceLanguage: string | undefined): string {
  try {
    return new Intl.DisplayNames([interfaceLanguage ?? language], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}

/**
 * The invitation goes out in the profile language (use-invitation-texts.ts);
 * when that is not the language on screen, a line says so, so the inviter
 * is not surprised by the preview and knows where it comes from.
 */
function InvitationBody({ contactId, onSent }: { contactId: string; onSent: () => void }) {
  const { t, i18n } = useTranslation();
  const invitation = useInvitationData(contactId);
  const localized = useInvitationTexts(invitation.data);
  const { error, errorUpdatedAt } = invitation;
  const toastedAt = useRef(0);

  // Queries have no onError callback: toast each failure once, when it arrives.
  useEffect(() => {
    if (!error || toastedAt.current === errorUpdatedAt) return;
    toastedAt.current = errorUpdatedAt;
    toast({
      variant: 'destructive',
      title: t('contacts.invitation.loadFailed'),
      description: getErrorMessage(error, i18n),
    });
  }, [error, errorUpdatedAt, t, i18n]);

  if (invitation.data && localized) {
    return (
      <div className="space-y-4">
        {localized.language !== i18n.resolvedLanguage && (
          <p className="text-sm text-slate-700" data-testid="invitation-language-note">
            {t('contacts.invitation.languageNote', {
              language: languageName(localized.language, i18n.resolvedLanguage),
            })}
          </p>
        )}
        <InvitationChannels data={invitation.data} texts={localized.texts} onSent={onSent} />
      </div>
    );
  }
  if (invitation.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('contacts.invitation.loadFailed')}
      </p>
    );
  }
  return (
    <p role="status" className="text-sm text-slate-700">
      {t('contacts.invitation.loading')}
    </p>
  );
}

interface InvitationDialogProps {
  /** The contact to invite; null keeps the dialog closed. */
  contact: InvitationTarget | null;
  onClose: () => void;
}

/** Spec §2 Invitation dialog: WhatsApp, email or copied link, with message previews. */
export function InvitationDialog({ contact, onClose }: InvitationDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={contact !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={contact && t('contacts.invitation.title', { name: contact.name })}
      description={t('contacts.invitation.description')}
      focusFirstField={false}
      data-testid="invitation-dialog"
    >
      {contact && <InvitationBody key={contact.id} contactId={contact.id} onSent={onClose} />}
    </FormDialog>
  );
}
