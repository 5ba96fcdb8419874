/**
 * One chunk for the code the page scripts share (decision 036). Astro writes
 * each component's <script> as its own module; what two or more of them import
 * (the stores, the API client, nanostores, the reach runtime) was split by
 * importer set into a dozen small chunks, fetched after the scripts that name
 * them. Over HTTP/1.1, six connections to an origin, a dozen requests take
 * several round trips on a slow phone, before and beside the largest image.
 * Here they make one chunk. Modules only islands reach (React, forms, zod)
 * keep their own chunks, loaded when the shopper reaches for an island.
 */

/** A component script's module id: `/src/components/Header.astro?astro&type=script&index=0&lang.ts`. */
const PAGE_SCRIPT = /[?&]type=script(&|$)/;

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/** True when a page script imports `id` statically, directly or through other modules. */
function reachedByPageScript(id: string, graph: ModuleGraph, seen = new Set<string>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  if (PAGE_SCRIPT.test(id)) return true;
  const info = graph.getModuleInfo(id);
  return info !== null && info.importers.some((importer) => reachedByPageScript(importer, graph, seen));
}

/** The chunk's name (its file: /_astro/page-scripts-shared.[hash].js). */
const SHARED_CHUNK = 'page-scripts-shared';

/** The client build's code splitting: the page scripts' shared code in one group. */
export function pageScriptsChunking() {
  return {
    groups: [
      {
        name: (id: string, graph: ModuleGraph) => (!PAGE_SCRIPT.test(id) && reachedByPageScript(id, graph) ? SHARED_CHUNK : null),
        minShareCount: 2,
      },
    ],
  };
}
