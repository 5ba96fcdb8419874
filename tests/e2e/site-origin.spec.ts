import http from 'node:http';
import { expect, test } from '@playwright/test';
import { startServer, type ServerProcess } from './spawned-server.ts';
import { API_KEY } from './store-api.ts';

/**
 * Absolute links on pages (canonical, og:url, og:image, JSON-LD) come from the
 * configured origin, never from the request's Host or X-Forwarded-Host:
 * SITE_ORIGIN, else http://localhost:PORT (README: Configuration).
 */
const FORGED = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };

/** GET with headers fetch would not let a test set (Host). */
function getWithHeaders(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

interface PageLinks {
  canonical: string | undefined;
  ogUrl: string | undefined;
  ogImage: string | undefined;
  jsonLd: { url?: string; image?: string[] };
}

function linksOf(html: string): PageLinks {
  const attribute = (pattern: RegExp) => pattern.exec(html)?.[1]?.replaceAll('&amp;', '&');
  const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return {
    canonical: attribute(/<link rel="canonical" href="([^"]*)"/),
    ogUrl: attribute(/<meta property="og:url" content="([^"]*)"/),
    ogImage: attribute(/<meta property="og:image" content="([^"]*)"/),
    jsonLd: jsonLd ? JSON.parse(jsonLd) : {},
  };
}

/** Asserts every absolute link of the product page starts with `origin`. */
async function expectLinksOn(server: { origin: string }, origin: string) {
  const search = await getWithHeaders(`${server.origin}/api/new-arrivals`, { 'API-KEY': API_KEY });
  const slug: string = JSON.parse(search.body).data.products[0].slug;
  const page = await getWithHeaders(`${server.origin}/products/${slug}`, FORGED);
  expect(page.status).toBe(200);
  const links = linksOf(page.body);
  expect(links.canonical).toBe(`${origin}/products/${slug}`);
  expect(links.ogUrl).toBe(`${origin}/products/${slug}`);
  const isMedia = (url: string | undefined) => url?.startsWith(`${origin}/media/`) === true;
  expect(isMedia(links.ogImage), links.ogImage).toBe(true);
  expect(links.jsonLd.url).toBe(`${origin}/products/${slug}`);
  expect(links.jsonLd.image?.length).toBeGreaterThan(0);
  for (const image of links.jsonLd.image ?? []) expect(isMedia(image), image).toBe(true);
  expect(page.body).not.toContain('evil.example');
}

test.describe('without SITE_ORIGIN', () => {
  test.describe.configure({ mode: 'default' });
  let server: ServerProcess;

  test.beforeAll(async () => {
    server = await startServer({ SEED_DEMO: '1' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a forged Host or X-Forwarded-Host does not reach the links of a product page: they use http://localhost:PORT', async () => {
    await expectLinksOn(server, `http://localhost:${server.port}`);
  });
});

test('with SITE_ORIGIN, a forged Host or X-Forwarded-Host does not reach the links of a product page', async ({ baseURL }) => {
  // The e2e server sets SITE_ORIGIN to its own address (scripts/e2e-server.ts).
  await expectLinksOn({ origin: baseURL! }, baseURL!);
});
