import { Check } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@/contract/limits';
import type { Contact } from '@/contract/schemas/contact';
import type { LoanBorrower } from '@/contract/schemas/loan-history';
import { Avatar } from '@/client/components/ui/avatar';
import { TextField } from '@/client/components/ui/form-field';
import { cn } from '@/client/lib/cn';

/** How many matching contacts show under the field: enough to pick from, short enough for a phone. */
const SHOWN_MATCHES = 4;

/** Where the address book stands: TanStack Query's status of the contacts query. */
export type ContactsStatus = 'pending' | 'error' | 'success';

export interface BorrowerPickerProps {
  contacts: readonly Contact[];
  /** While the contacts load or failed to, a typed name cannot be told apart from a contact. */
  contactsStatus: ContactsStatus;
  value: LoanBorrower;
  onChange: (borrower: LoanBorrower) => void;
  /** Already translated. */
  error: string | undefined;
}

/** Contacts whose name (or username) contains the typed text, ignoring case and accents. */
function matchingContacts(contacts: readonly Contact[], query: string): Contact[] {
  const wanted = fold(query.trim());
  if (wanted === '') return contacts.slice(0, SHOWN_MATCHES);
  return contacts
    .filter((contact) =>
      [contact.name, contact.username ?? contact.user?.username ?? ''].some((text) => fold(text).includes(wanted)),
    )
    .slice(0, SHOWN_MATCHES);
}

/** The one contact whose whole name is the typed text (ignoring case and accents), if exactly one is. */
function exactContact(contacts: readonly Contact[], text: string): Contact | undefined {
  const wanted = fold(text.trim());
  if (wanted === '') return undefined;
  const named = contacts.filter((contact) => fold(contact.name.trim()) === wanted);
  return named.length === 1 ? named[0] : undefined;
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * "Who borrowed it?" (issue 19): one field that searches the address book
 * and takes a typed name as it is. Picking a contact (registered or not)
 * sends its id, and so does typing exactly one contact's whole name (Enter
 * then saves it as that contact); other text is a name. A registered
 * contact sees the loan; a typed name is the owner's record only. The field
 * says which it will be, and says nothing while the contacts are unknown.
 */
export function BorrowerPicker({ contacts, contactsStatus, value, onChange, error }: BorrowerPickerProps) {
  const { t } = useTranslation();
  const groupName = useId();
  const chosen = 'contactId' in value ? contacts.find((contact) => contact.id === value.contactId) : undefined;
  const [query, setQuery] = useState(() => chosen?.name ?? ('name' in value ? value.name : ''));
  const matches = useMemo(() => matchingContacts(contacts, query), [contacts, query]);
  // The chosen contact stays in the list even when the text no longer finds it.
  const shown = chosen && !matches.includes(chosen) ? [chosen, ...matches.slice(0, SHOWN_MATCHES - 1)] : matches;

  const type = (text: string) => {
    setQuery(text);
    const named = exactContact(contacts, text);
    onChange(named ? { contactId: named.id } : { name: text });
  };
  // A whole name typed while the contacts were still loading becomes that contact once they arrive.
  useEffect(() => {
    if (!('name' in value)) return;
    const named = exactContact(contacts, value.name);
    if (named) onChange({ contactId: named.id });
  }, [contacts, value, onChange]);
  const typed = query.trim() !== '';
  const firstMatch = matches[0];
  const choose = (contact: Contact) => {
    setQuery(contact.name);
    onChange({ contactId: contact.id });
  };

  return (
    <div className="space-y-2">
      <TextField
        label={t('loanHistory.record.borrower')}
        hint={t('loanHistory.record.borrowerHint')}
        placeholder={t('loanHistory.record.borrowerPlaceholder')}
        value={query}
        onChange={(event) => type(event.target.value)}
        limit={LIMITS.nameMax}
        autoComplete="off"
        error={error}
        data-testid="record-loan-borrower"
      />
      {shown.length > 0 && (
        // Native radios: arrow keys move between them, as a radio group should.
        <fieldset data-testid="record-loan-contacts">
          <legend className="sr-only">{t('loanHistory.record.contactsLabel')}</legend>
          <div className="space-y-1">
            {shown.map((contact) => {
              const selected = contact === chosen;
              const registered = contact.status === 'active';
              return (
                <label
                  key={contact.id}
                  className={cn(
                    'flex w-full cursor-pointer items-center gap-3 rounded-lg border px-3 py-2',
                    selected ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-white hover:bg-slate-50',
                    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
                  )}
                  data-testid="record-loan-contact"
                >
                  <input
                    type="radio"
                    name={groupName}
                    value={contact.id}
                    checked={selected}
                    onChange={() => choose(contact)}
                    className="sr-only"
                  />
                  <Avatar
                    name={contact.name}
                    username={contact.username ?? contact.user?.username ?? null}
                    photoUrl={contact.user?.photoUrl}
                    size="sm"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-slate-900">{contact.name}</span>
                    <span className="block text-xs text-slate-600">
                      {registered ? t('loanHistory.record.onLendloop') : t('loanHistory.record.notOnLendloop')}
                    </span>
                  </span>
                  {selected && <Check className="h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />}
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      {/* Polite, as the item suggestions: how many contacts the text finds, without moving focus. */}
      <p role="status" aria-live="polite" className="sr-only" data-testid="record-loan-contacts-status">
        {typed && contactsStatus === 'success' ? t('loanHistory.record.contactsFound', { count: matches.length }) : ''}
      </p>
      {!chosen && typed && contactsStatus === 'success' && (
        <p className="text-sm text-slate-600" data-testid="record-loan-typed-name">
          {firstMatch === undefined
            ? t('loanHistory.record.typedName')
            : matches.length === 1 && firstMatch.status === 'active'
              ? t('loanHistory.record.pickOne', { name: firstMatch.name })
              : t('loanHistory.record.pickBelow')}
        </p>
      )}
    </div>
  );
}
