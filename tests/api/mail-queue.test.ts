import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../api/auth/password.ts';
import { composeStoreMail } from '../../api/store-mail.ts';
import { insertCustomer } from '../../api/customer/customer.repository.ts';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { countPendingJobs } from '../../api/mail/mail-queue.repository.ts';
import { MAIL_MAX_ATTEMPTS, MAIL_RETRY_DELAYS_MS, createMailQueue, queueMail } from '../../api/mail/mail-queue.service.ts';
import { createSmtpTransport } from '../../api/mail/mail.transport.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { startSmtpStandIn, type SmtpStandIn } from '../helpers/smtp-stand-in.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { uniqueAddress } from '../fixtures/otp.fixtures.ts';
import { GOOD_PASSWORD, uniqueEmail, type TestApi } from '../fixtures/customer.fixtures.ts';

/**
 * The mail queue (decision 015) with the product's real SMTP client against a
 * local SMTP server the test starts: retries, giving up, several processes,
 * and answers that never wait on the mail server.
 */
const ORIGIN = 'https://shop.example';

describe('account mail goes through the queue, sent after the answer', () => {
  let store: StoreDatabase;
  let smtp: SmtpStandIn;
  let api: TestApi;
  let clock: number;
  let passwordHash: string;
  const now = () => new Date(clock);
  const transport = () => createSmtpTransport({ host: '127.0.0.1', port: smtp.port, secure: false, user: undefined, password: undefined }, 'Shop <no-reply@shop.example>');

  beforeAll(async () => {
    store = await createTestDatabase();
    smtp = await startSmtpStandIn();
    passwordHash = await hashPassword(GOOD_PASSWORD);
    api = createTestApi(store, { siteOrigin: ORIGIN }, { transport: transport(), now });
  });
  afterAll(async () => {
    await store.close();
    await smtp.close();
  });
  beforeEach(() => {
    // A minute ahead of real time: the services queue a job at the real time,
    // and the queue's own clock must not be behind it (a fixed date passed
    // and left every job waiting). Steps from here are the test's own.
    clock = Date.now() + 60_000;
  });
  afterEach(() => {
    smtp.release();
    smtp.refuseNext(0);
  });

  /** A verified account, written straight to the database so no mail of its own is queued. */
  async function account(): Promise<string> {
    const email = uniqueEmail('queue');
    const stamp = now().toISOString();
    await insertCustomer(store.db, {
      firstname: 'Asha',
      lastname: 'Rao',
      email,
      phone_number: null,
      password_hash: passwordHash,
      created_at: stamp,
      updated_at: stamp,
    });
    await store.db.updateTable('customers').set({ email_verified_at: stamp }).where('email', '=', email).execute();
    return email;
  }
  /** A mail's text part as written (quoted-printable undone). */
  const plain = (data: string) =>
    data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
  const jobsOf = (email: string) => store.db.selectFrom('mail_queue').selectAll().where('recipient', '=', email).execute();
  const tokensOf = async (email: string) =>
    store.db
      .selectFrom('password_reset_tokens')
      .innerJoin('customers', 'customers.id', 'password_reset_tokens.customer_id')
      .select('password_reset_tokens.id')
      .where('customers.email', '=', email)
      .execute();

  it('answers before the mail server has even greeted, and the mail follows', async () => {
    const email = await account();
    smtp.hold();
    const res = await api.post('/customer/forgot-password', { email }, uniqueAddress());
    expect(res.status).toBe(200);
    expect(mailsTo(email)).toEqual([]);
    smtp.release();
    await api.mailQueue.idle();
    expect(mailsTo(email)).toHaveLength(1);
    expect(mailsTo(email)[0]!.data).toMatch(/^Subject: .*Reset your password$/m);
    expect(await jobsOf(email)).toEqual([]);
  });

  it('retries a refused send after its delay with the same message, and the link then works', async () => {
    const email = await account();
    smtp.refuseNext(1);
    await api.post('/customer/forgot-password', { email }, uniqueAddress());
    await api.mailQueue.idle();
    expect(mailsTo(email)).toEqual([]);
    const [job] = await jobsOf(email);
    expect(job).toMatchObject({ state: 'ready', attempts: 1, last_error: expect.stringContaining('451') });
    expect(job!.next_attempt_at).toBe(new Date(clock + MAIL_RETRY_DELAYS_MS[0]!).toISOString());

    expect(await api.mailQueue.runOnce()).toBe(0); // not due yet
    clock += MAIL_RETRY_DELAYS_MS[0]!;
    expect(await api.mailQueue.runOnce()).toBe(1);
    expect(mailsTo(email)).toHaveLength(1);
    expect(await jobsOf(email)).toEqual([]);
    // Composed once: one token, and it is the one in the mail.
    expect(await tokensOf(email)).toHaveLength(1);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(plain(mailsTo(email)[0]!.data))?.[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const reset = await api.post('/customer/token-password', { token, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD });
    expect(reset.status).toBe(200);
  });

  it(`gives up after ${MAIL_MAX_ATTEMPTS} attempts, keeping the record without the message`, async () => {
    const email = await account();
    smtp.refuseNext(MAIL_MAX_ATTEMPTS + 5);
    await api.post('/customer/forgot-password', { email }, uniqueAddress());
    await api.mailQueue.idle();
    for (const delay of MAIL_RETRY_DELAYS_MS) {
      clock += delay;
      expect(await api.mailQueue.runOnce()).toBe(1);
    }
    const [job] = await jobsOf(email);
    expect(job).toMatchObject({ state: 'failed', attempts: MAIL_MAX_ATTEMPTS, text_body: null, html_body: null });
    clock += 24 * 60 * 60 * 1000;
    expect(await api.mailQueue.runOnce()).toBe(0);
    expect(mailsTo(email)).toEqual([]);
  });

  it('drops a job with nothing to send (an unknown address) without touching the mail server', async () => {
    const before = smtp.connections;
    const unknown = uniqueEmail('nobody');
    await api.post('/customer/forgot-password', { email: unknown }, uniqueAddress());
    await api.mailQueue.idle();
    expect(await jobsOf(unknown)).toEqual([]);
    expect(smtp.connections).toBe(before);
  });

  it('two processes working one queue send each of 20 mails exactly once', async () => {
    const emails = [];
    for (let i = 0; i < 20; i += 1) emails.push(await account());
    for (const email of emails) await queueMail(store.db, { kind: 'password_reset', recipient: email }, now());
    const processes = [0, 1].map(() =>
      createMailQueue({ db: store.db, transport: transport(), compose: composeStoreMail(ORIGIN), now }),
    );
    const handled = await Promise.all(processes.map((q) => q.runOnce()));
    expect(handled[0]! + handled[1]!).toBe(20);
    for (const email of emails) expect(mailsTo(email)).toHaveLength(1);
    expect(await countPendingJobs(store.db)).toBe(0);
  });

  it('sends what a stopped process left queued when the next one starts', async () => {
    const email = await account();
    await queueMail(store.db, { kind: 'password_reset', recipient: email }, now());
    const next = createMailQueue({ db: store.db, transport: transport(), compose: composeStoreMail(ORIGIN), now });
    next.start();
    await next.stop();
    expect(mailsTo(email)).toHaveLength(1);
  });
});
