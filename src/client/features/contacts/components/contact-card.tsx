import { Mail, Pencil, Phone, Send, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@/contract/schemas/contact';
import { Avatar } from '@/client/components/ui/avatar';
import { Button } from '@/client/components/ui/button';
import { ContactStatusBadge } from './contact-status-badge';

export interface ContactCardActions {
  onEdit: (contact: Contact) => void;
  onInvite: (contact: Contact) => void;
  onRemove: (contact: Contact) => void;
}

interface ContactCardProps extends ContactCardActions {
  contact: Contact;
  /** More buttons before Remove, from outside this feature (the Contacts page adds Block). */
  extraActions?: ReactNode;
  /** Settings about the person shown under the actions, composed by the page (the trust shortcut, issue 35). */
  footer?: ReactNode;
}

/** The contact's own email, else the linked user's, else null (spec §2: then 'No email'). */
export function contactEmail(contact: Contact): string | null {
  return contact.email || contact.user?.email || null;
}

/**
 * One contact (spec §2 Contact card): photo or initials, name, phone, @username,
 * email, status badge and the actions Edit, Invite/Re-invite, Remove.
 */
export function ContactCard({ contact, onEdit, onInvite, onRemove, extraActions, footer }: ContactCardProps) {
  const { t } = useTranslation();
  const { name, status } = contact;
  const username = contact.username ?? contact.user?.username ?? null;
  const phone = contact.phone ?? contact.user?.phone ?? null;
  const email = contactEmail(contact);

  return (
    <article
      className="flex h-full flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="contact-card"
      data-status={status}
    >
      <div className="flex items-start gap-3">
        <Avatar name={name} username={username} photoUrl={contact.user?.photoUrl} size="lg" />
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold break-words text-slate-900">{name}</h2>
          {username && <p className="truncate text-sm text-slate-600">@{username}</p>}
          <div className="mt-1.5">
            <ContactStatusBadge status={status} />
          </div>
        </div>
      </div>

      <dl className="space-y-1.5 text-sm text-slate-700">
        {phone && (
          <div className="flex items-center gap-2">
            <dt>
              <Phone className="h-4 w-4 text-slate-500" aria-hidden="true" />
              <span className="sr-only">{t('contacts.card.phone')}</span>
            </dt>
            <dd className="min-w-0 truncate" data-testid="contact-phone">
              {phone}
            </dd>
          </div>
        )}
        <div className="flex items-center gap-2">
          <dt>
            <Mail className="h-4 w-4 text-slate-500" aria-hidden="true" />
            <span className="sr-only">{t('contacts.card.email')}</span>
          </dt>
          {/* A long address is cut with an ellipsis; the tooltip shows all of it. */}
          <dd
            className={email ? 'min-w-0 truncate' : 'text-slate-600 italic'}
            title={email ?? undefined}
            data-testid="contact-email"
          >
            {email ?? t('contacts.card.noEmail')}
          </dd>
        </div>
      </dl>

      {status !== 'active' && (
        // Why there is no Message here: nobody to write to until they have an account (issue 33).
        <p className="text-xs text-slate-600" data-testid="contact-message-unavailable">
          {t('contacts.card.messageAfterJoining')}
        </p>
      )}

      <div className="mt-auto flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onEdit(contact)}
          aria-label={t('contacts.card.editNamed', { name })}
          data-testid="contact-edit"
        >
          <Pencil className="h-4 w-4" aria-hidden="true" />
          {t('contacts.card.edit')}
        </Button>
        {status !== 'active' && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onInvite(contact)}
            aria-label={t(status === 'invited' ? 'contacts.card.reinviteNamed' : 'contacts.card.inviteNamed', { name })}
            data-testid="contact-invite"
          >
            <Send className="h-4 w-4" aria-hidden="true" />
            {t(status === 'invited' ? 'contacts.card.reinvite' : 'contacts.card.invite')}
          </Button>
        )}
        {extraActions}
        {/* Icon only, so the row fits a phone in every language; the name says what it removes. */}
        <Button
          variant="ghostDestructive"
          size="iconSm"
          className="ml-auto"
          onClick={() => onRemove(contact)}
          aria-label={t('contacts.card.removeNamed', { name })}
          title={t('contacts.card.remove')}
          data-testid="contact-remove"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      {footer && <div className="mt-3 border-t border-slate-100 pt-3">{footer}</div>}
    </article>
  );
}
