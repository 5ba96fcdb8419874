import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { ApiConfig, SmtpConfig } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends mail: SMTP in production, the outbox folder in development (README: Mail).
 *
 * Never call `send` inside a database transaction (SECURITY promise 27): commit
 * first, then send, so a slow or failing mail server never holds locks or rolls
 * back work the shopper already did.
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/** What the outbox keeps next to each .eml, for tests and developers. */
export interface OutboxMessage extends MailMessage {
  from: string;
  sentAt: string;
  /** Every http(s) URL in the text body, in order. */
  links: string[];
  /** The raw RFC 822 message beside this file. */
  emlFile: string;
}

export function createMailTransport(config: Pick<ApiConfig, 'smtp' | 'mailFrom' | 'outboxDir'>): MailTransport {
  if (config.smtp) return createSmtpTransport(config.smtp, config.mailFrom);
  return createOutboxTransport({ dir: config.outboxDir, from: config.mailFrom });
}

export function createSmtpTransport(smtp: SmtpConfig, from: string): MailTransport {
  const transporter = createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    // Bounded, so a send always ends well within the queue's lease on its job.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({ from, ...message });
    },
  };
}

export interface OutboxOptions {
  dir: string;
  from: string;
  /** The clock; tests pass it to order messages. */
  now?: () => Date;
}

/** Writes each message as `<time>-<random>.eml` (RFC 822) plus a `.json` summary. */
export function createOutboxTransport(options: OutboxOptions): MailTransport {
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const now = options.now ?? (() => new Date());
  return {
    kind: 'outbox',
    async send(message) {
      const sentAt = now().toISOString();
      const info = await composer.sendMail({ from: options.from, ...message });
      const eml = Buffer.isBuffer(info.message) ? info.message : Buffer.from(String(info.message));
      // Colons are not allowed in Windows file names; the name still sorts by time.
      const base = `${sentAt.replace(/:/g, '-')}-${randomBytes(4).toString('hex')}`;
      const summary: OutboxMessage = {
        from: options.from,
        ...message,
        sentAt,
        links: findLinks(message.text),
        emlFile: `${base}.eml`,
      };
      await mkdir(options.dir, { recursive: true });
      await writeFile(join(options.dir, `${base}.eml`), eml);
      // The .json appears whole or not at all (written aside, then renamed): a reader polling
      // the folder while the queue sends never sees half a message.
      const summaryFile = join(options.dir, `${base}.json`);
      await writeFile(`${summaryFile}.partial`, `${JSON.stringify(summary, null, 2)}\n`);
      await rename(`${summaryFile}.partial`, summaryFile);
    },
  };
}

/** The outbox's messages, newest first; `to` keeps only one recipient's (case-insensitive). */
export async function readOutbox(dir: string, filter: { to?: string } = {}): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const jsonNames = names.filter((name) => name.endsWith('.json')).sort().reverse();
  const messages = await Promise.all(
    jsonNames.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as OutboxMessage),
  );
  const to = filter.to?.trim().toLowerCase();
  return to ? messages.filter((m) => m.to.trim().toLowerCase() === to) : messages;
}

function findLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"']+/g) ?? [])];
}
