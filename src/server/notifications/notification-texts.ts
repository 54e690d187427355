import type { Language } from '../../contract/enums';
import { localeText } from '../i18n/locale-texts';

/** A notification as the texts need it: its event, what the event quoted, and the reader's language. */
export interface NotificationForText {
  id: string;
  event: string;
  payload: Record<string, string | number | null>;
  language: Language;
}

/** What the service worker receives (public/push-handlers.js shows it). */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of this app to open on click. */
  url: string;
  /** One notification per event on the device: a retry replaces, never doubles. */
  tag: string;
}

/** Where the text is read: a push on a phone's lock screen, or a line of the email digest. */
export type NotificationChannelText = 'push' | 'email';

/**
 * Title, body and link of a notification in the recipient's language
 * (public/locales/<lng>/notifications.json). Push and email share the texts,
 * except where a push body speaks of the device ("Tap to read it"): a mail
 * cannot be tapped, so `email.<event>.body` replaces the body there.
 */
export function renderNotificationText(
  notification: NotificationForText,
  channel: NotificationChannelText = 'push',
): PushMessage {
  const t = localeText('notifications', notification.language);
  const vars: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(notification.payload)) if (value !== null) vars[key] = value;
  const name = typeof vars.senderName === 'string' ? vars.senderName : t('someone');
  vars.senderName = name;
  // A missing name (the item was deleted) needs its own words where the name opens the sentence as its
  // subject ({{itemSubject}}): German "einen Gegenstand" is accusative, "Ein Gegenstand ist …" nominative.
  vars.itemSubject = vars.itemName ?? t('anItemSubject');
  vars.itemName ??= t('anItem');
  if (typeof vars.dueDate === 'string') vars.dueDate = formatDate(vars.dueDate, notification.language);
  // Reminders go to both people of a loan and say different things to each.
  const key = typeof vars.role === 'string' ? `${notification.event}.${vars.role}` : notification.event;
  const emailBodyKey = `email.${key}.body`;
  // localeText answers a missing key with the key itself: then the shared body fits email too.
  const emailBody = channel === 'email' ? t(emailBodyKey, vars) : emailBodyKey;
  return {
    title: t(`${key}.title`, vars),
    body: emailBody !== emailBodyKey ? emailBody : t(`${key}.body`, vars),
    url: clickUrl(notification.payload),
    tag: notification.id,
  };
}

/** The push's title, body and link (kept as the push job's name for it). */
export function renderPushMessage(notification: NotificationForText): PushMessage {
  return renderNotificationText(notification, 'push');
}

/** The screen a click opens: the group for a join request, else the conversation the event happened in. */
function clickUrl(payload: Record<string, string | number | null>): string {
  if (typeof payload.groupId === 'string') return `/groups/${encodeURIComponent(payload.groupId)}`;
  if (typeof payload.partnerId === 'string') return `/messages?with=${encodeURIComponent(payload.partnerId)}`;
  return '/';
}

/** A calendar date (YYYY-MM-DD) as the recipient writes it; it names a day, so it is formatted in UTC. */
function formatDate(date: string, language: Language): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(parsed);
}
