import { describe, expect, it } from 'vitest';
import { readApiConfig } from '../../api/config.ts';
import { siteOrigin } from '../../src/lib/site-origin.server.ts';

describe('the storefront reads the public origin as the API does', () => {
  const environments: NodeJS.ProcessEnv[] = [
    {},
    { PORT: '8080' },
    { PORT: 'not-a-port' },
    { SITE_ORIGIN: 'https://shop.example' },
    { SITE_ORIGIN: 'https://shop.example/', PORT: '8080' },
    { SITE_ORIGIN: 'http://127.0.0.1:4399//' },
    { SITE_ORIGIN: '', PORT: '4400' },
  ];

  for (const env of environments) {
    it(`agrees with readApiConfig for ${JSON.stringify(env)}`, () => {
      expect(siteOrigin(env)).toBe(readApiConfig(env).siteOrigin);
    });
  }

  it('is SITE_ORIGIN without a trailing slash, else http://localhost:PORT (4321 by default)', () => {
    expect(siteOrigin({ SITE_ORIGIN: 'https://shop.example/' })).toBe('https://shop.example');
    expect(siteOrigin({ PORT: '8080' })).toBe('http://localhost:8080');
    expect(siteOrigin({})).toBe('http://localhost:4321');
  });
});
