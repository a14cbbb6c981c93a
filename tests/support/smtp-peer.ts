/** A real SMTP server on 127.0.0.1 for tests (DESIGN.md: smtp-server as the peer); it keeps every message it gets. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpPeer {
  url: string;
  mails: CapturedMail[];
  /** Mails whose envelope names this recipient. */
  to(address: string): CapturedMail[];
  close(): Promise<void>;
}

/**
 * `onMail`: also called with each message as it arrives (the e2e server writes them as .eml files where the specs
 * read them, scripts/e2e-server.mjs).
 */
export async function startSmtpPeer(
  onMail?: (mail: CapturedMail) => void | Promise<void>,
): Promise<SmtpPeer> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        mails.push(mail);
        Promise.resolve(onMail?.(mail)).then(
          () => callback(),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (address) => mails.filter((m) => m.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The message as a reader sees it: quoted-printable soft breaks and escapes undone. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The link to `pathname` (with its ?token=) in a mail (or .eml file). */
export function linkIn(raw: string, pathname: string): string {
  const match = new RegExp(`https?://[^\\s<>"]+${pathname}\\?token=[A-Za-z0-9_-]+`).exec(
    decodeQuotedPrintable(raw),
  );
  if (!match) throw new Error(`no ${pathname} link in the mail:\n` + raw);
  return match[0];
}

/** The verification link in a mail (or .eml file). */
export const verificationLinkIn = (raw: string) => linkIn(raw, '/verify-email');

export const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
