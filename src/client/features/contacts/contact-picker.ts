import type { PickedContact } from './device-import';

/**
 * The Contact Picker API (Chrome on Android). Not in the DOM typings yet, so a
 * small local interface describes the part we use.
 */
type ContactProperty = 'name' | 'tel' | 'email';

interface ContactsManagerLike {
  select(properties: ContactProperty[], options?: { multiple?: boolean }): Promise<PickedContact[]>;
}

function contactsManager(): ContactsManagerLike | null {
  if (!('contacts' in navigator) || !('ContactsManager' in window)) return null;
  const manager: unknown = navigator.contacts;
  if (typeof manager !== 'object' || manager === null || !('select' in manager)) return null;
  return manager as ContactsManagerLike;
}

export function isContactPickerSupported(): boolean {
  return contactsManager() !== null;
}

/** Opens the device's contact picker; resolves to [] when the person cancels. */
export async function pickDeviceContacts(): Promise<PickedContact[]> {
  const manager = contactsManager();
  if (!manager) throw new DOMException('The Contact Picker API is not available.', 'NotSupportedError');
  return manager.select(['name', 'tel', 'email'], { multiple: true });
}
