import { describe, expect, it } from 'vitest';
import { importPagesOnce } from '../../src/integrations/page-modules-once.ts';

// The page map as Astro writes it (astro/dist/vite-plugin-pages/pages.js).
const PAGE_MAP = `const _page0 = () => import("virtual:astro:page:src/pages/index.astro");
const _page1 = () => import("virtual:astro:page:src/pages/shop.astro");
const pageMap = new Map([
    ["src/pages/index.astro", _page0],
    ["src/pages/shop.astro", _page1]
]);

export { pageMap };`;

/** The rewritten map, run with `load` standing for the module loader's `import()`. */
function pageMapWith(load: (specifier: string) => Promise<unknown>): Map<string, () => Promise<unknown>> {
  const code = importPagesOnce(PAGE_MAP).replaceAll('import(', 'load(').replace('export { pageMap };', 'return pageMap;');
  return new Function('load', code)(load) as Map<string, () => Promise<unknown>>;
}

describe('page modules imported once', () => {
  it('imports each page module on its first render only, and gives every render the same module', async () => {
    const loads: string[] = [];
    const pageMap = pageMapWith((specifier) => {
      loads.push(specifier);
      return Promise.resolve({ specifier });
    });
    const shop = pageMap.get('src/pages/shop.astro')!;
    const first = await shop();
    expect(await shop()).toBe(first);
    await pageMap.get('src/pages/index.astro')!();
    expect(loads).toEqual(['virtual:astro:page:src/pages/shop.astro', 'virtual:astro:page:src/pages/index.astro']);
  });

  it('tries a failed import again on the next render', async () => {
    let calls = 0;
    const pageMap = pageMapWith(() => (++calls === 1 ? Promise.reject(new Error('disk hiccup')) : Promise.resolve({ ok: true })));
    const index = pageMap.get('src/pages/index.astro')!;
    await expect(index()).rejects.toThrow('disk hiccup');
    await expect(index()).resolves.toEqual({ ok: true });
    expect(calls).toBe(2);
  });

  it('stops the build when Astro writes its page map another way', () => {
    expect(() => importPagesOnce('const _page0 = () => import(`./x.mjs`);')).toThrow(/expected shape/);
    expect(importPagesOnce('const pageMap = new Map([]);')).toBe('const pageMap = new Map([]);');
  });
});
