import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { MailConfig } from '../../config/config';
import type { Database } from '../../db/client';
import { idpAccounts } from '../../db/schema';
import type { JobPayloads } from '../../jobs/job-names';
import { createMailTransport, type MailTransport } from '../../notifications/email/mail-transport';
import { escapeHtml } from '../sign-in-page';
import { idpText } from '../page-text';

/**
 * Sends a built-in sign-in account's mail (job 'send-account-mail',
 * docs/decisions/0051). The link carries the token after `#`, so it never
 * reaches a server log or a Referer header: the page reads it and posts it.
 */
export function createAccountMailJob(deps: {
  db: Database;
  mail: MailConfig | undefined;
  publicUrl: URL;
  logger: Logger;
  transport?: MailTransport;
}): (payload: JobPayloads['send-account-mail']) => Promise<void> {
  const transport = deps.transport ?? (deps.mail ? createMailTransport(deps.mail) : undefined);
  return async ({ accountId, kind, token, language }) => {
    if (!transport) {
      deps.logger.warn({ accountId, kind }, 'account mail not sent: email is not set up');
      return;
    }
    const [account] = await deps.db
      .select({ name: idpAccounts.name, email: idpAccounts.email })
      .from(idpAccounts)
      .where(eq(idpAccounts.id, accountId));
    // Deleted meanwhile, or the address is gone: nothing to send.
    if (!account?.email) return;
    const t = idpText(language);
    const page = kind === 'confirm_email' ? 'confirm' : 'recover';
    const link = new URL(`/account/${page}#${token}`, deps.publicUrl).href;
    const prefix = kind === 'confirm_email' ? 'mail.confirm' : 'mail.recover';
    const greeting = t('mail.greeting', { name: account.name });
    const lines = [t(`${prefix}.body`), t(`${prefix}.expiry`), t('mail.notYou')];
    await transport.send({
      to: { name: account.name, address: account.email },
      subject: t(`${prefix}.subject`),
      text: [greeting, '', lines[0], '', link, '', lines[1], lines[2]].join('\n'),
      html: [
        `<p>${escapeHtml(greeting)}</p>`,
        `<p>${escapeHtml(lines[0] ?? '')}</p>`,
        `<p><a href="${escapeHtml(link)}">${escapeHtml(t(`${prefix}.action`))}</a></p>`,
        `<p>${escapeHtml(lines[1] ?? '')}<br>${escapeHtml(lines[2] ?? '')}</p>`,
      ].join('\n'),
      headers: {},
    });
  };
}
