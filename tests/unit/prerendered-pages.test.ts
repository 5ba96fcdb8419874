import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPrerenderedPages } from '../../server/prerendered-pages.ts';

const builtPage = (title: string, body: string) =>
  `<!DOCTYPE html><html><head><title>${title} | Store name</title></head><body><header>Store name</header><main id="main" data-page-title="${title}">${body}</main><footer></footer></body></html>`;
const request = (url: string, method = 'GET') => ({ url, method }) as IncomingMessage;

let dir = '';
function build(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'prerendered-'));
  for (const [path, html] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), html);
  }
  return dir;
}
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('createPrerenderedPages', () => {
  it('reads the built pages once and finds one by its address, with or without a trailing slash', () => {
    const pages = createPrerenderedPages(
      build({ 'faq/index.html': builtPage('FAQ', '<p>Answers</p>'), 'help/terms/index.html': builtPage('Terms', 'x'), '_astro/app.js': '' }),
    );
    expect(pages.paths).toEqual(['/faq', '/help/terms']);
    expect(pages.find(request('/faq?ref=footer'))).toEqual({ path: '/faq', title: 'FAQ', description: undefined, content: '<p>Answers</p>' });
    expect(pages.find(request('/faq/'))?.path).toBe('/faq');
    expect(pages.find(request('/help/terms', 'HEAD'))?.title).toBe('Terms');
  });

  it('leaves other addresses and other methods to the rest of the server', () => {
    const pages = createPrerenderedPages(build({ 'faq/index.html': builtPage('FAQ', 'x') }));
    expect(pages.find(request('/shop'))).toBeUndefined();
    expect(pages.find(request('/faq/index.html'))).toBeUndefined();
    expect(pages.find(request('/faq', 'POST'))).toBeUndefined();
  });

  it('refuses to start on a built page it could not dress', () => {
    expect(() => createPrerenderedPages(build({ 'raw/index.html': '<html><body><main>no title</main></body></html>' }))).toThrow(
      /raw\/index\.html is not a page built with src\/layouts\/Base\.astro/,
    );
  });
});
