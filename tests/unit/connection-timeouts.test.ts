import { createServer, request, Agent, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS, keepConnectionsAlive } from '../../server/connection-timeouts.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

it('holds an idle kept-alive connection for 65 s, longer than the 60 s a proxy in front commonly keeps it', async () => {
  let serverSocket: Socket | undefined;
  server = createServer((req, res) => {
    serverSocket = req.socket;
    res.end('ok');
  });
  keepConnectionsAlive(server);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const agent = new Agent({ keepAlive: true });
  await new Promise<void>((resolve, reject) => {
    request({ port, host: '127.0.0.1', agent }, (res) => res.resume().on('end', resolve)).on('error', reject).end();
  });
  // Once the answer is sent, the server arms the idle timer of the connection it keeps (Node adds a second's margin).
  await expect.poll(() => serverSocket?.timeout ?? 0).toBeGreaterThanOrEqual(KEEP_ALIVE_TIMEOUT_MS);
  expect(serverSocket!.timeout).toBeGreaterThan(60_000);
  expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  agent.destroy();
});
