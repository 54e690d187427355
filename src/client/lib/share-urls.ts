/* Links that open a message in another app, with the text filled in: invitations (spec §2) and loan links (issue 36). */

/**
 * WhatsApp click-to-chat link: the number in international format without +
 * or separators. Without a number WhatsApp lets the sender pick the chat.
 */
export function whatsappUrl(phone: string | null, text: string): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

/** A mailto link with encoded subject and body; without an address the mail app asks for one. */
export function mailtoUrl(email: string | null, subject: string, body: string): string {
  const address = (email ?? '').trim();
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
