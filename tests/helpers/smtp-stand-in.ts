import { createServer, type Server, type Socket } from 'node:net';

/**
 * A small SMTP server for tests (RFC 5321's plain dialogue, no TLS, no auth):
 * the product's real SMTP client talks to it over a socket. It keeps what it
 * receives, and can answer a temporary failure (451) to the next messages.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent (headers and body), dot-stuffing removed. */
  data: string;
}

export interface SmtpStandIn {
  port: number;
  received: ReceivedMail[];
  /** The next `count` messages are refused at DATA's end with 451 (a mail server's "try again later"). */
  refuseNext(count: number): void;
  /** New connections wait for their greeting until `release` (a slow mail server). */
  hold(): void;
  release(): void;
  /** Connections made so far. */
  readonly connections: number;
  close(): Promise<void>;
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  let connections = 0;
  let held: Array<() => void> | undefined;
  const sockets = new Set<Socket>();

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    connections += 1;
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const greet = () => reply('220 stand-in ESMTP ready');
    if (held) held.push(greet);
    else greet();

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          mail.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          if (refusals > 0) {
            refusals -= 1;
            reply('451 4.3.0 try again later');
          } else {
            received.push(mail);
            reply('250 2.0.0 queued');
          }
          mail = { from: '', to: [], data: '' };
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 stand-in');
        else if (verb === 'MAIL') {
          mail.from = line.replace(/^MAIL FROM:\s*/i, '').replace(/[<>]/g, '').split(' ')[0] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          mail.to.push(line.replace(/^RCPT TO:\s*/i, '').replace(/[<>]/g, '').split(' ')[0] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          mail = { from: '', to: [], data: '' };
          reply('250 2.0.0 ok');
        } else if (verb === 'NOOP') reply('250 2.0.0 ok');
        else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
          return;
        } else reply('502 5.5.2 command not implemented');
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The SMTP stand-in has no port');
  return {
    port: address.port,
    received,
    refuseNext(count) {
      refusals = count;
    },
    hold() {
      held ??= [];
    },
    release() {
      const waiting = held ?? [];
      held = undefined;
      for (const greet of waiting) greet();
    },
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
