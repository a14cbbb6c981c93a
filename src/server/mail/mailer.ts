/**
 * Outgoing mail (DESIGN.md "What runs"): SMTP through nodemailer when SMTP_URL is set; otherwise (the embedded
 * default) every mail is written as an .eml file into DATA_DIR/outbox/ and the file's path is logged, so a
 * newcomer without a mail server can still open the mail and follow its verification link. The link itself is
 * never logged: it holds a live token, and logs travel further than the data folder (issue 14).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

/**
 * nodemailer (3 MB of heap) is loaded with the first mail, not at start: most instances send none for hours
 * (issue 16, lean memory).
 */
function lazyTransport(options: Parameters<typeof import('nodemailer').createTransport>[0]) {
  let transport: Promise<Transporter> | undefined;
  return {
    get: () => (transport ??= import('nodemailer').then((m) => m.default.createTransport(options))),
    close: async () => {
      if (transport) (await transport).close();
    },
  };
}

const DEFAULT_MAIL_FROM = 'Table Service <no-reply@table-service.local>';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Delivers through an SMTP server, e.g. smtp://user:pass@mail.example.com:587 or smtps://… (port 465). */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: ReturnType<typeof lazyTransport>;

  constructor(
    smtpUrl: string,
    private readonly from: string = DEFAULT_MAIL_FROM,
  ) {
    this.transport = lazyTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await (await this.transport.get()).sendMail({ from: this.from, ...message });
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}

/** Writes each mail as a complete RFC 822 message (.eml, opens in any mail client) into a directory. */
class OutboxMailer implements Mailer {
  readonly kind = 'outbox';
  private readonly build: ReturnType<typeof lazyTransport>;

  constructor(
    readonly dir: string,
    private readonly log?: FastifyBaseLogger,
    private readonly from: string = DEFAULT_MAIL_FROM,
  ) {
    // nodemailer's stream transport renders the raw message without sending it anywhere.
    this.build = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(message: MailMessage): Promise<void> {
    const info = (await (await this.build.get()).sendMail({ from: this.from, ...message })) as {
      message: Buffer;
    };
    await fs.mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    await fs.writeFile(file, info.message, { mode: 0o600 });
    this.log?.info(
      { to: message.to, file },
      `No SMTP_URL set: mail "${message.subject}" to ${message.to} written to ${file} (open it to follow its link)`,
    );
  }

  close(): Promise<void> {
    return this.build.close();
  }
}

export interface MailerConfig {
  smtpUrl?: string;
  from?: string;
  /** DATA_DIR: the outbox is DATA_DIR/outbox. */
  dataDir: string;
  log?: FastifyBaseLogger;
}

export function createMailer({ smtpUrl, from, dataDir, log }: MailerConfig): Mailer {
  return smtpUrl
    ? new SmtpMailer(smtpUrl, from)
    : new OutboxMailer(path.join(dataDir, 'outbox'), log, from);
}

/** Where the outbox goes when no DATA_DIR is given (tests, scripts): the system's temporary directory. */
export const defaultDataDir = () => path.join(os.tmpdir(), 'table-service');
