import { UserPlus, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@/contract/schemas/contact';
import { Button } from '@/client/components/ui/button';
import { useAuthUser } from '@/client/lib/auth/get-auth-user';
import { useContacts } from '../api/get-contacts';
import { AddContactDialog } from './add-contact-dialog';
import { ContactCard } from './contact-card';
import { EditContactDialog } from './edit-contact-dialog';
import { InvitationDialog, type InvitationTarget } from './invitation-dialog';
import { RemoveContactDialog } from './remove-contact-dialog';

function LoadingGrid() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{t('contacts.loading')}</span>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <li key={index} className="h-44 animate-pulse rounded-xl border border-slate-200 bg-white" />
        ))}
      </ul>
    </div>
  );
}

function EmptyState({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Users className="h-10 w-10 text-slate-500" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">{t('contacts.empty.title')}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-700">{t('contacts.empty.description')}</p>
      <Button className="mt-5" onClick={onAdd} data-testid="add-first-contact">
        <UserPlus className="h-4 w-4" aria-hidden="true" />
        {t('contacts.empty.addFirst')}
      </Button>
    </div>
  );
}

interface ContactsViewProps {
  /** Buttons a card gets from outside this feature (the Contacts page adds Block for registered people). */
  contactActions?: (contact: Contact) => ReactNode;
  /** What the page shows under a contact's actions (the trust shortcut of issue 35). */
  contactFooter?: (contact: Contact) => ReactNode;
}

/**
 * Spec §2 Contacts: count, add button, the contact grid (one column on
 * phones) with its loading, error and empty states, and the dialogs.
 */
export function ContactsView({ contactActions, contactFooter }: ContactsViewProps = {}) {
  const { t } = useTranslation();
  const contacts = useContacts();
  const user = useAuthUser();
  const [addOpen, setAddOpen] = useState(false);
  const [editing, setEditing] = useState<Contact | null>(null);
  const [removing, setRemoving] = useState<Contact | null>(null);
  const [inviting, setInviting] = useState<InvitationTarget | null>(null);

  const openInvitation = (contact: Contact) => setInviting({ id: contact.id, name: contact.name });
  const list = contacts.data;

  return (
    <>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-700" data-testid="contacts-count" aria-live="polite">
          {list ? t('contacts.count', { count: list.length }) : null}
        </p>
        <Button onClick={() => setAddOpen(true)} data-testid="add-contact">
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          {t('contacts.addContact')}
        </Button>
      </div>

      <div className="mt-6">
        {list === undefined && contacts.isPending && <LoadingGrid />}
        {list === undefined && contacts.isError && (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
            <p>{t('contacts.loadFailed')}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void contacts.refetch()}>
              {t('contacts.retry')}
            </Button>
          </div>
        )}
        {list?.length === 0 && <EmptyState onAdd={() => setAddOpen(true)} />}
        {list && list.length > 0 && (
          <ul aria-label={t('contacts.listLabel')} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((contact) => (
              <li key={contact.id}>
                <ContactCard
                  contact={contact}
                  onEdit={setEditing}
                  onInvite={openInvitation}
                  onRemove={setRemoving}
                  extraActions={contactActions?.(contact)}
                  footer={contactFooter?.(contact)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      <AddContactDialog
        open={addOpen}
        onOpenChange={setAddOpen}
        onSendInvitation={(contact) => {
          setAddOpen(false);
          openInvitation(contact);
        }}
      />
      <EditContactDialog contact={editing} onClose={() => setEditing(null)} />
      <RemoveContactDialog contact={removing} userId={user.data?.id} onClose={() => setRemoving(null)} />
      <InvitationDialog contact={inviting} onClose={() => setInviting(null)} />
    </>
  );
}
