import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the sink received it: the envelope and the parsed MIME. */
export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
  /** The header as sent (mailparser turns some headers into objects). */
  header(name: string): string | undefined;
}

export interface SmtpSink {
  /** smtp://user:pass@127.0.0.1:<port> for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Refuse every message with 451 until turned off again (a mail server that is down for a while). */
  refuseMail(refuse: boolean): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (smtp-server, port 0) that parses what it
 * receives with mailparser: the digest is tested against the protocol, not a
 * mocked transport. It asks for AUTH PLAIN/LOGIN with fixed credentials, so
 * the credentials in SMTP_URL are used too; no TLS (the loopback sink offers
 * no STARTTLS, and nodemailer sends in the clear only because it is not offered).
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'secret') callback(null, { user: 'mailer' });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing) {
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            const headerBlock = raw.toString('utf8').split(/\r?\n\r?\n/)[0] ?? '';
            received.push({
              envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              parsed,
              header: (name) => rawHeader(headerBlock, name),
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://mailer:secret@127.0.0.1:${port}`,
    received,
    refuseMail(refuse) {
      refusing = refuse;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header's value with folded lines joined (RFC 5322 §2.2.3). */
function rawHeader(headerBlock: string, name: string): string | undefined {
  const unfolded = headerBlock.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
