import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@/contract/schemas/contact';
import { Dialog, DialogContent } from '@/client/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { toast } from '@/client/components/ui/toast-store';
import { AddContactForm } from './add-contact-form';
import { ImportContactsPanel } from './import-contacts-panel';
import { InvitationPrompt } from './invitation-prompt';

interface AddContactContentProps {
  onClose: () => void;
  onSendInvitation: (contact: Contact) => void;
}

/** Spec §4: a created contact that is pending and unlinked starts the invitation flow. */
function needsInvitation(contact: Contact): boolean {
  return contact.status === 'pending' && contact.contactUserId === null;
}

/** Mounted per opening, so the form, the import state and the prompt start fresh each time. */
function AddContactContent({ onClose, onSendInvitation }: AddContactContentProps) {
  const { t } = useTranslation();
  const [unregistered, setUnregistered] = useState<Contact | null>(null);

  const onCreated = (contact: Contact) => {
    if (needsInvitation(contact)) {
      setUnregistered(contact);
      return;
    }
    toast({ title: t('contacts.add.success') });
    onClose();
  };

  if (unregistered) {
    return (
      <DialogContent
        title={t('contacts.prompt.title')}
        description={t('contacts.prompt.description', { name: unregistered.name })}
        closeLabel={t('common.close')}
        data-testid="add-contact-dialog"
      >
        <InvitationPrompt
          contact={unregistered}
          onJustSave={() => {
            toast({ title: t('contacts.add.success') });
            onClose();
          }}
          onSendInvitation={onSendInvitation}
        />
      </DialogContent>
    );
  }

  return (
    <DialogContent
      title={t('contacts.add.title')}
      description={t('contacts.add.description')}
      closeLabel={t('common.close')}
      focusFirstField
      data-testid="add-contact-dialog"
    >
      <Tabs defaultValue="new">
        <TabsList aria-label={t('contacts.add.tabsLabel')}>
          <TabsTrigger value="new" data-testid="add-tab">
            {t('contacts.add.newTab')}
          </TabsTrigger>
          <TabsTrigger value="import" data-testid="import-tab">
            {t('contacts.add.importTab')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="new">
          <AddContactForm onCreated={onCreated} onCancel={onClose} />
        </TabsContent>
        <TabsContent value="import">
          <ImportContactsPanel onAllImported={onClose} />
        </TabsContent>
      </Tabs>
    </DialogContent>
  );
}

interface AddContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the invitation dialog for a contact that is not registered. */
  onSendInvitation: (contact: Contact) => void;
}

/** Spec §2 Add-contact dialog: tabs "Add new" and "Import from device", then the invitation prompt. */
export function AddContactDialog({ open, onOpenChange, onSendInvitation }: AddContactDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <AddContactContent onClose={() => onOpenChange(false)} onSendInvitation={onSendInvitation} />}
    </Dialog>
  );
}
