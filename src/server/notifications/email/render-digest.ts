import type { Language } from '@/contract/enums';
import { localeText, type LocaleText } from '../../i18n/locale-texts';
import { renderNotificationText } from '../notification-texts';
import type { DigestNotification, DigestRecipient } from './claim-digest';

/** Lines in one mail; the rest are counted ("…and 4 more in the app"): a digest is a nudge, not an archive. */
export const DIGEST_MAX_LINES = 20;

export interface RenderedDigest {
  subject: string;
  text: string;
  html: string;
}

export interface DigestLinks {
  /** PUBLIC_URL: every link in the mail is absolute and points at this app. */
  publicUrl: URL;
  /** The one-click unsubscribe URL (also in the List-Unsubscribe header). */
  unsubscribeUrl: string;
}

interface DigestLine {
  title: string;
  body: string;
  url: string;
}

/**
 * The digest mail in the recipient's language, as plain text and as HTML.
 * Each line has the push notification's title, body and link
 * (notification-texts.ts, public/locales/<lng>/notifications.json), with the
 * email's own body where the push one speaks of tapping; the frame texts
 * are in email.json. Every text goes through escapeHtml in the HTML part:
 * names, item titles and message excerpts are typed by other people. No
 * remote images or scripts, inline styles only (mail clients drop <style>).
 */
export function renderDigest(
  recipient: DigestRecipient,
  notifications: readonly DigestNotification[],
  links: DigestLinks,
): RenderedDigest {
  const t = localeText('email', recipient.language);
  const lines: DigestLine[] = notifications.slice(0, DIGEST_MAX_LINES).map((notification) => {
    const message = renderNotificationText({ ...notification, language: recipient.language }, 'email');
    return { title: message.title, body: message.body, url: new URL(message.url, links.publicUrl).href };
  });
  const more = notifications.length - lines.length;
  const frame = {
    subject: plural(t, recipient.language, 'digest.subject', notifications.length),
    greeting: t('digest.greeting', { name: recipient.name }),
    intro: t('digest.intro'),
    more: more > 0 ? plural(t, recipient.language, 'digest.more', more) : null,
    appUrl: new URL('/', links.publicUrl).href,
    // The Notifications tab itself (its tab is in the address since issue 33).
    profileUrl: new URL('/profile?tab=notifications', links.publicUrl).href,
  };
  return {
    subject: frame.subject,
    text: renderText(t, frame, lines, links.unsubscribeUrl),
    html: renderHtml(t, recipient.language, frame, lines, links.unsubscribeUrl),
  };
}

interface Frame {
  subject: string;
  greeting: string;
  intro: string;
  more: string | null;
  appUrl: string;
  profileUrl: string;
}

function renderText(t: LocaleText, frame: Frame, lines: readonly DigestLine[], unsubscribeUrl: string): string {
  const entries = lines.map((line) => [`* ${line.title}`, `  ${line.body}`, `  ${line.url}`].join('\n'));
  return [
    frame.greeting,
    '',
    frame.intro,
    '',
    entries.join('\n\n'),
    ...(frame.more ? ['', frame.more] : []),
    '',
    `${t('digest.openApp')}: ${frame.appUrl}`,
    '',
    '-- ',
    t('digest.reason'),
    `${t('digest.settings')}: ${frame.profileUrl}`,
    `${t('digest.unsubscribe')}: ${unsubscribeUrl}`,
    '',
  ].join('\n');
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);
}

const COLOR = { text: '#0f172a', muted: '#475569', brand: '#0f766e', line: '#ccfbf1' };

function renderHtml(
  t: LocaleText,
  language: Language,
  frame: Frame,
  lines: readonly DigestLine[],
  unsubscribeUrl: string,
): string {
  const e = escapeHtml;
  const link = (href: string, label: string, style = `color:${COLOR.brand}`) =>
    `<a href="${e(href)}" style="${style}">${e(label)}</a>`;
  const entries = lines
    .map(
      (line) => `<li style="margin:0 0 16px;padding:0 0 16px;border-bottom:1px solid ${COLOR.line};list-style:none">
<div style="font-weight:600">${e(line.title)}</div>
<div style="color:${COLOR.muted};margin:4px 0">${e(line.body)}</div>
${link(line.url, t('digest.open'))}
</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(frame.subject)}</title></head>
<body style="margin:0;padding:0;background:#f0fdfa">
<div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:16px;line-height:1.5;color:${COLOR.text}">
<p style="margin:0 0 4px;font-size:20px;font-weight:700;color:${COLOR.brand}">Lendloop</p>
<p>${e(frame.greeting)}</p>
<p>${e(frame.intro)}</p>
<ul style="margin:16px 0;padding:0">
${entries}
</ul>
${frame.more ? `<p>${e(frame.more)}</p>` : ''}
<p>${link(frame.appUrl, t('digest.openApp'), `display:inline-block;padding:10px 16px;border-radius:8px;background:${COLOR.brand};color:#ffffff;text-decoration:none;font-weight:600`)}</p>
<hr style="border:0;border-top:1px solid ${COLOR.line};margin:24px 0">
<p style="font-size:13px;color:${COLOR.muted}">${e(t('digest.reason'))}<br>
${link(frame.profileUrl, t('digest.settings'))}<br>
${link(unsubscribeUrl, t('digest.unsubscribe'))}</p>
</div>
</body>
</html>
`;
}

/** `key_one` / `key_many` / `key_other` by the language's plural rules (the locale files carry each form it needs). */
function plural(t: LocaleText, language: Language, key: string, count: number): string {
  const category = new Intl.PluralRules(language).select(count);
  const text = t(`${key}_${category}`, { count });
  return text === `${key}_${category}` ? t(`${key}_other`, { count }) : text;
}
