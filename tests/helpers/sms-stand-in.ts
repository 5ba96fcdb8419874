import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A text as the store's SMS webhook posts it (README: SMS_WEBHOOK_URL). */
export interface ReceivedSms {
  to: string;
  message: string;
}

export interface SmsStandIn {
  /** The webhook address to give the store. */
  url: string;
  /** Every text received, oldest first. */
  received: ReceivedSms[];
  /** Resolves when the next text arrives (one taken after this call). */
  nextText(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A small SMS gateway for tests: the store's real webhook client posts
 * `{ to, message }` to it over HTTP, and it keeps what arrives.
 */
export async function startSmsStandIn(): Promise<SmsStandIn> {
  const received: ReceivedSms[] = [];
  let onText: () => void = () => {};
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      received.push(JSON.parse(text) as ReceivedSms);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      onText();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    nextText: () => new Promise<void>((resolve) => (onText = resolve)),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
