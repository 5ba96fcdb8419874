/**
 * A page's module is looked up once per process, not once per request
 * (decision 046). Astro's page map holds `() => import("<page module>")` for
 * every route and calls it on each render; for a module already loaded, each
 * call still goes through Node's module loader (resolving the specifier,
 * finding the module job): 3-4 % of the main thread on a rendered page under
 * load. Here each entry keeps the promise of its first import. A failed import
 * is not kept, so a later request tries again as before.
 */
import type { AstroIntegration } from 'astro';

/** Astro's virtual page map (astro/dist/vite-plugin-pages/pages.js). */
const PAGE_MAP_MODULE = /^\0virtual:astro:pages$/;
/** One entry of it: `const _page3 = () => import("virtual:astro:page:src/pages/shop.astro");`. */
const PAGE_IMPORT = /const (_page\d+) = \(\) => import\(("[^"\n]+")\);/g;

/** The page map's code with each import kept after its first call; throws if Astro wrote it otherwise. */
export function importPagesOnce(code: string): string {
  let entries = 0;
  const rewritten = code.replace(PAGE_IMPORT, (_whole, name: string, specifier: string) => {
    entries += 1;
    const kept = `${name}_kept`;
    return `let ${kept}; const ${name} = () => (${kept} ??= import(${specifier}).catch((error) => { ${kept} = undefined; throw error; }));`;
  });
  // A page map with imports this did not recognise: Astro changed how it writes it.
  if (entries === 0 && code.includes('import(')) throw new Error('page-modules-once: Astro\'s page map no longer has the expected shape');
  return rewritten;
}

export default function pageModulesOnce(): AstroIntegration {
  return {
    name: 'storefront:page-modules-once',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'storefront:page-modules-once',
                enforce: 'post',
                // Built pages only: a dev server must import a page again after an edit.
                apply: 'build',
                transform: { filter: { id: PAGE_MAP_MODULE }, handler: (code: string) => ({ code: importPagesOnce(code), map: null }) },
              },
            ],
          },
        });
      },
    },
  };
}
