import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readApiConfig } from '../../api/config.ts';
import { passwordResetMail, verificationMail } from '../../api/mail/mail.templates.ts';
import { createMailTransport, createOutboxTransport, readOutbox } from '../../api/mail/mail.transport.ts';

const ORIGIN = 'https://shop.example.in';

describe('mail', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes an outbox message as .eml and .json whose link uses the configured origin', async () => {
    const outboxDir = join(dir, 'written');
    const config = readApiConfig({ SITE_ORIGIN: `${ORIGIN}/`, OUTBOX_DIR: outboxDir, MAIL_FROM: 'Shop <no-reply@shop.example.in>' });
    const transport = createMailTransport(config);
    expect(transport.kind).toBe('outbox');

    await transport.send({ to: 'asha@example.com', ...verificationMail(config.siteOrigin, 'tok/en+1', 'Kapda Bazaar') });

    const files = (await readdir(outboxDir)).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+\.\d{3}Z-[0-9a-f]{8}\.eml$/);
    expect(files[1]).toBe(files[0]!.replace(/\.eml$/, '.json'));

    const [message] = await readOutbox(outboxDir);
    expect(message).toMatchObject({
      to: 'asha@example.com',
      from: 'Shop <no-reply@shop.example.in>',
      subject: 'Kapda Bazaar: Confirm your email address',
      links: [`${ORIGIN}/verify-email?token=tok%2Fen%2B1`],
      emlFile: files[0],
    });
    expect(message!.html).toContain(`href="${ORIGIN}/verify-email?token=tok%2Fen%2B1"`);

    const eml = await readFile(join(outboxDir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: asha@example\.com$/m);
    expect(eml).toMatch(/^Subject: Kapda Bazaar: Confirm your email address$/m);
    expect(eml).toContain('Content-Type: text/html');
  });

  it('reads the outbox newest first and filters by recipient', async () => {
    const outboxDir = join(dir, 'filtered');
    let clock = Date.parse('2026-11-21T10:00:00.000Z');
    const transport = createOutboxTransport({
      dir: outboxDir,
      from: 'no-reply@shop.example.in',
      now: () => new Date((clock += 1000)),
    });
    await transport.send({ to: 'asha@example.com', ...passwordResetMail(ORIGIN, 'first', 'Shop') });
    await transport.send({ to: 'ravi@example.com', ...verificationMail(ORIGIN, 'other', 'Shop') });
    await transport.send({ to: 'asha@example.com', ...passwordResetMail(ORIGIN, 'second', 'Shop') });

    expect((await readOutbox(outboxDir)).map((m) => m.to)).toEqual([
      'asha@example.com',
      'ravi@example.com',
      'asha@example.com',
    ]);
    const asha = await readOutbox(outboxDir, { to: 'Asha@Example.com' });
    expect(asha.map((m) => m.links)).toEqual([
      [`${ORIGIN}/reset-password?token=second`],
      [`${ORIGIN}/reset-password?token=first`],
    ]);
    expect(await readOutbox(join(dir, 'missing'))).toEqual([]);
  });

  it('uses SMTP when SMTP_HOST is set, without connecting until a mail is sent', () => {
    const config = readApiConfig({
      SMTP_HOST: 'smtp.example.in',
      SMTP_PORT: '465',
      SMTP_USER: 'mailer',
      SMTP_PASSWORD: 'secret',
      MAIL_FROM: 'Shop <no-reply@shop.example.in>',
    });
    expect(config.smtp).toEqual({ host: 'smtp.example.in', port: 465, secure: true, user: 'mailer', password: 'secret' });
    expect(createMailTransport(config).kind).toBe('smtp');
    expect(readApiConfig({ SMTP_HOST: 'smtp.example.in', SMTP_SECURE: 'false' }).smtp).toMatchObject({
      port: 587,
      secure: false,
    });
    expect(readApiConfig({}).smtp).toBeUndefined();
  });

  it('escapes HTML in the store name and keeps the link in text and HTML', () => {
    const mail = passwordResetMail(ORIGIN, 'abc', '<b>Tom & "Jerry"</b>');
    expect(mail.html).toContain('&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Tom');
    expect(mail.text).toContain(`${ORIGIN}/reset-password?token=abc`);
    expect(mail.html).toContain(`href="${ORIGIN}/reset-password?token=abc"`);
  });

  it('keeps a line break in the store name out of the subject', () => {
    expect(verificationMail(ORIGIN, 't', 'Shop\r\nBcc: x@evil.example').subject).toBe(
      'Shop Bcc: x@evil.example: Confirm your email address',
    );
  });
});
