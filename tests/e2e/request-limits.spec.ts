import http from 'node:http';
import { expect, test } from '@playwright/test';
import { startServer, type ServerProcess } from './spawned-server.ts';
import { API_KEY } from './store-api.ts';

/**
 * SECURITY.md 24 and 35 through a real server process: every route caps the
 * body while reading it, and methods outside the list answer 405, with
 * nothing in the log. Each describe starts its own server (its memory and
 * its log are what is measured).
 */
const MIB = 1024 * 1024;
const LARGE_BODY_BYTES = 50 * MIB;
// "Less than 20 MB" (issue 10): decimal megabytes, a little under 20 MiB.
const MAX_GROWTH_BYTES = 20_000_000;
const TOO_LARGE = { success: false, message: 'The request body is too large' };

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Sends a body of `bytes` bytes ('a' repeated) in 1 MiB writes, with a
 * Content-Length or chunked, and stops writing once the server has answered
 * or closed. Resolves with the answer; a socket error after it is expected
 * (the server stops reading a refused body).
 */
function sendLargeBody(
  origin: string,
  path: string,
  headers: Record<string, string>,
  options: { bytes: number; chunked: boolean },
): Promise<Answer> {
  const chunk = Buffer.alloc(MIB, 'a');
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(`${origin}${path}`, {
      method: 'POST',
      headers: {
        ...headers,
        ...(options.chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(options.bytes) }),
      },
    });
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text: string) => (body += text));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        req.destroy();
      });
      res.on('error', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const write = (sent: number) => {
      if (answered || req.destroyed) return;
      if (sent >= options.bytes) {
        req.end();
        return;
      }
      const ok = req.write(chunk.subarray(0, Math.min(MIB, options.bytes - sent)));
      const next = () => write(sent + MIB);
      if (ok) setImmediate(next);
      else req.once('drain', next);
    };
    write(0);
  });
}

/** A raw request (any method, any Host), so the test controls what the server sees. */
function rawRequest(origin: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${path}`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const STACK_LINE = /^\s+at .+[:(]/m;

test.describe('a body over 64 KiB is refused while it is read, on every route', () => {
  // One server for the describe: its tests run in order in one worker.
  test.describe.configure({ mode: 'default' });
  let server: ServerProcess;

  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** Sends 50 MB with a Content-Length, then chunked; both answer 413 and the server's memory barely moves. */
  async function expectRefusedWithoutGrowth(path: string, headers: Record<string, string>, check: (answer: Answer) => void) {
    // Warm the route first so its code and caches are not counted as growth.
    await rawRequest(server.origin, 'POST', path, headers, '{}');
    const before = server.rssBytes();
    for (const chunked of [false, true]) {
      const answer = await sendLargeBody(server.origin, path, headers, { bytes: LARGE_BODY_BYTES, chunked });
      expect(answer.status, `${path} ${chunked ? 'chunked' : 'with Content-Length'}`).toBe(413);
      expect(answer.headers.connection).toBe('close');
      check(answer);
    }
    const growth = server.rssBytes() - before;
    expect(growth, `RSS grew by ${(growth / 1e6).toFixed(1)} MB`).toBeLessThan(MAX_GROWTH_BYTES);
  }

  test('POST /session', async () => {
    await expectRefusedWithoutGrowth('/session', { 'Content-Type': 'application/json' }, (answer) => {
      expect(answer.body).toContain('too large');
    });
  });

  test('a page form post (/cart/add)', async () => {
    const headers = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.origin };
    await expectRefusedWithoutGrowth('/cart/add', headers, (answer) => {
      expect(answer.body).toContain('too large');
    });
  });

  test('the API (/api/search-products), in the envelope', async () => {
    const headers = { 'API-KEY': API_KEY, 'Content-Type': 'application/json' };
    await expectRefusedWithoutGrowth('/api/search-products', headers, (answer) => {
      expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
    });
  });

  test('a body under the cap still reaches the page, chunked or not', async () => {
    const token = JSON.stringify({ token: 'x'.repeat(43) });
    // A well-formed token the API does not know: 401 shows the body was read (an unread one is 400).
    const plain = await rawRequest(server.origin, 'POST', '/session', { 'Content-Type': 'application/json' }, token);
    expect(plain.status).toBe(401);
    const chunked = await rawRequest(
      server.origin,
      'POST',
      '/session',
      { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      token,
    );
    expect(chunked.status).toBe(401);
  });
});

test.describe('methods outside GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS', () => {
  // One server for the describe: its tests run in order in one worker.
  test.describe.configure({ mode: 'default' });
  let server: ServerProcess;

  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('answer 405 in the envelope with an Allow header, for pages and the API, and log no stack', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL']) {
      for (const path of ['/', '/shop', '/api/store-info', '/session']) {
        const answer = await rawRequest(server.origin, method, path, { 'API-KEY': API_KEY });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
        expect(JSON.parse(answer.body)).toEqual({ success: false, message: 'Method not allowed' });
      }
    }
    // Stopping the server ends its output, so the whole log is read below.
    await server.stop();
    expect(server.output()).not.toMatch(STACK_LINE);
    expect(server.output()).not.toMatch(/Request failed|Could not render/);
  });
});
