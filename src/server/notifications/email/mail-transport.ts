import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { MailConfig } from '../../config/config';

/** One message as the digest job hands it over; nodemailer builds the MIME. */
export interface OutgoingMail {
  /** The display name is typed by the person; nodemailer encodes it (RFC 2047), so it cannot inject headers. */
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** Sent as written (`prepared`): a long List-Unsubscribe URL must not be MIME-encoded. */
  headers: Record<string, string>;
}

export interface MailTransport {
  /** Resolves once the SMTP server accepted the message; rejects otherwise (the job is then retried). */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer, from SMTP_URL and MAIL_FROM. Timeouts are short:
 * the digest holds its claim on the person's notifications while it sends
 * (docs/decisions/0025), so a stuck server must fail the job soon, not hold
 * the rows for nodemailer's default ten minutes.
 */
export function createMailTransport(mail: MailConfig): MailTransport {
  // nodemailer loads with the first digest, not at start-up (docs/performance.md, round 3, "Start-up").
  let transporter: Promise<Transporter> | undefined;
  const transporterOnce = () =>
    (transporter ??= import('nodemailer').then((nodemailer) =>
      nodemailer.default.createTransport({
        url: mail.smtpUrl,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      }),
    ));
  return {
    async send(message) {
      const headers = Object.fromEntries(
        Object.entries(message.headers).map(([name, value]) => [name, { prepared: true, value }]),
      );
      await (await transporterOnce()).sendMail({ from: mail.from, ...message, headers });
    },
    close() {
      void transporter?.then((created) => created.close()).catch(() => undefined);
    },
  };
}

/** Said once at start-up, so an operator sees whether email goes out; never the credentials. */
export function logMailSetup(mail: MailConfig | undefined, logger: Logger): void {
  if (!mail) {
    logger.info('Email is off (SMTP_URL is not set): no email digests are sent');
    return;
  }
  const url = new URL(mail.smtpUrl);
  logger.info({ smtp: `${url.protocol}//${url.host}`, from: mail.from }, 'Email digests are sent through SMTP');
}
