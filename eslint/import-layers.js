/**
 * The import rules of ARCHITECTURE.md, enforced by lint (one rule, resolved
 * paths, so `../` depth does not matter):
 * - pages/layouts -> components/islands -> scripts -> stores -> lib, never
 *   upwards; the directives and integrations (Astro's build and render
 *   hooks) use lib only, and nothing in src/ imports them;
 * - an island feature folder imports only its own files and the shared
 *   `forms/` and `ui/` folders, never another feature's;
 * - a `.server.ts` file is imported only by pages, the middleware and other
 *   `.server.ts` files;
 * - `api/` imports only `src/lib/schemas`, `src/lib/constants.ts`,
 *   `src/lib/messages.ts` and `src/lib/money.ts` of the storefront;
 * - `src/` never imports `api/`.
 */
import path from 'node:path';

const SHARED_ISLAND_FOLDERS = new Set(['forms', 'ui']);
const API_MAY_IMPORT = [/^src\/lib\/schemas\//, /^src\/lib\/constants\.ts$/, /^src\/lib\/messages\.ts$/, /^src\/lib\/money\.ts$/];

/** The layer of a repo-relative path in src/, by name. */
function layerOf(file) {
  if (file.startsWith('src/lib/')) return 'lib';
  if (file.startsWith('src/stores/')) return 'stores';
  if (file.startsWith('src/scripts/')) return 'scripts';
  if (file.startsWith('src/islands/') || file.startsWith('src/components/')) return 'components/islands';
  if (file.startsWith('src/layouts/') || file.startsWith('src/pages/') || file === 'src/middleware.ts') return 'pages/layouts';
  if (file.startsWith('src/directives/')) return 'directives';
  if (file.startsWith('src/integrations/')) return 'integrations';
  return undefined;
}

/**
 * What each layer may import besides itself: the layers below it. Page
 * scripts (bundled for the browser, started by components and layouts) use
 * stores and lib; the `client:reach` directive and the integrations run in
 * Astro's hooks and use lib only.
 */
const MAY_IMPORT = {
  lib: [],
  stores: ['lib'],
  scripts: ['stores', 'lib'],
  'components/islands': ['scripts', 'stores', 'lib'],
  'pages/layouts': ['components/islands', 'scripts', 'stores', 'lib'],
  directives: ['lib'],
  integrations: ['lib'],
};

const FLOW =
  '(imports flow pages/layouts -> components/islands -> scripts -> stores -> lib; directives and integrations use lib only)';

function islandFeature(file) {
  const match = /^src\/islands\/([^/]+)\//.exec(file);
  return match ? match[1] : undefined;
}

/** Why importing `target` from `source` breaks a rule, or undefined. Both repo-relative. */
export function importViolation(source, target) {
  if (source.startsWith('src/') && target.startsWith('api/')) return 'src/ talks to the store API only through src/lib/api.';
  if (source.startsWith('api/') && target.startsWith('src/') && !API_MAY_IMPORT.some((allowed) => allowed.test(target))) {
    return 'api/ may import only src/lib/schemas, src/lib/constants.ts, src/lib/messages.ts and src/lib/money.ts.';
  }
  const from = layerOf(source);
  const to = layerOf(target);
  if (from !== undefined && to !== undefined && to !== from && !MAY_IMPORT[from].includes(to)) {
    return `${from} must not import ${to} ${FLOW}.`;
  }
  const sourceFeature = islandFeature(source);
  const targetFeature = islandFeature(target);
  if (sourceFeature && targetFeature && sourceFeature !== targetFeature && !SHARED_ISLAND_FOLDERS.has(targetFeature)) {
    return `The ${sourceFeature} islands must not import the ${targetFeature} islands (share through forms/, ui/, stores or lib).`;
  }
  if (target.endsWith('.server.ts') && source.startsWith('src/')) {
    const allowed = source.startsWith('src/pages/') || source === 'src/middleware.ts' || source.endsWith('.server.ts');
    if (!allowed) return 'A .server.ts module is imported only by pages, the middleware and other .server.ts modules.';
  }
  return undefined;
}

const rule = {
  meta: { type: 'problem', schema: [], messages: { layer: '{{why}}' } },
  create(context) {
    const root = context.cwd;
    const source = path.relative(root, context.filename).split(path.sep).join('/');
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(context.filename), specifier)).split(path.sep).join('/');
      const why = importViolation(source, target);
      if (why) context.report({ node, messageId: 'layer', data: { why } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'import-layers': rule } };
