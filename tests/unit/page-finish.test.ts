import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { finishPages } from '../../server/page-finish.ts';
import { finishPage } from '../../src/lib/page-finish.server.ts';

const SCRIPT = '<script type="module" src="/_astro/Header.js"></script>';
const PAGE = `<!DOCTYPE html><html><body><p>₹ 1,299</p>${SCRIPT}</body></html>`;

let close: (() => void) | undefined;
afterEach(() => close?.());

/** Serves one answer written by `write`, through finishPages as server.ts wraps an Astro render; resolves the client's view of it. */
async function served(write: (res: ServerResponse) => void) {
  const server = createServer((_req, res) => {
    finishPages(res, finishPage);
    write(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => server.close();
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** What Astro's node adapter does with a rendered page: the head with its length, then the encoded bytes. */
const asAstroWrites = (html: string, chunks = 1) => (res: ServerResponse) => {
  const bytes = new TextEncoder().encode(html);
  res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(bytes.byteLength) });
  const cut = Math.floor(bytes.byteLength / chunks);
  for (let at = 0; at < bytes.byteLength; at += cut) res.write(bytes.subarray(at, Math.min(at + cut, bytes.byteLength)));
  res.end();
};

describe('finishPages', () => {
  it('sends an HTML page with its module scripts as placeholders, and the length of what it sends', async () => {
    const { status, headers, body } = await served(asAstroWrites(PAGE));
    expect(status).toBe(200);
    expect(body).toContain('<p>₹ 1,299</p>');
    expect(body).not.toContain('type="module"');
    expect(body).toContain('<script type="text/x-page-script" data-src="/_astro/Header.js"></script>');
    expect(Number(headers.get('content-length'))).toBe(Buffer.byteLength(body));
  });

  it('finishes a page written in several chunks as one, even with a script tag cut between them', async () => {
    const { body } = await served(asAstroWrites(PAGE, 5));
    expect(body).toBe(PAGE.replace(SCRIPT, '<script type="text/x-page-script" data-src="/_astro/Header.js"></script>'));
  });

  it('lets anything that is not HTML through as written', async () => {
    const json = JSON.stringify({ html: SCRIPT });
    const { headers, body } = await served((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(json)) });
      res.end(json);
    });
    expect(body).toBe(json);
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('keeps the status and headers of a redirect without a body', async () => {
    const { status, headers, body } = await served((res) => {
      res.writeHead(302, { location: '/signin', 'cache-control': 'private, no-store' });
      res.end();
    });
    expect(status).toBe(302);
    expect(headers.get('location')).toBe('/signin');
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(body).toBe('');
  });

  it('keeps the status of an HTML answer other than 200', async () => {
    const { status, body } = await served((res) => {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE);
    });
    expect(status).toBe(404);
    expect(body).toContain('data-src="/_astro/Header.js"');
  });
});
