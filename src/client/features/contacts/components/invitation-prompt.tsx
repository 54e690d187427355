import { UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@/contract/schemas/contact';
import { Button } from '@/client/components/ui/button';
import { DialogActions } from '@/client/components/ui/dialog';

interface InvitationPromptProps {
  contact: Contact;
  onJustSave: () => void;
  onSendInvitation: (contact: Contact) => void;
}

/** Spec §2/§4: after a pending contact is created, offer to invite them ('not registered'). */
export function InvitationPrompt({ contact, onJustSave, onSendInvitation }: InvitationPromptProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-5" data-testid="invitation-prompt">
      <div className="flex items-start gap-3 rounded-xl bg-amber-50 p-4 text-amber-950">
        <UserPlus className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <p className="text-sm">{t('contacts.prompt.notRegistered', { name: contact.name })}</p>
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onJustSave} data-testid="just-save">
          {t('contacts.prompt.justSave')}
        </Button>
        {/* The form that had focus is gone: start on the main choice. */}
        <Button autoFocus onClick={() => onSendInvitation(contact)} data-testid="invite-send">
          {t('contacts.prompt.sendInvitation')}
        </Button>
      </DialogActions>
    </div>
  );
}
