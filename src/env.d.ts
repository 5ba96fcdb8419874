/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /**
     * In-process calls to the store API, handed in by server.ts as
     * `handler(req, res, next, locals)` (src/lib/api/in-process-call.server.ts).
     * Absent under `astro dev` and in proxy mode; the client then uses
     * STORE_API_URL over HTTP.
     */
    callApi?: import('./lib/api/in-process-call.server.ts').CallApi;
    /** The store API client for this request, built by src/middleware.ts. */
    api: import('./lib/api/client.ts').ApiClient;
    /**
     * Store-info for this request, fetched at most once: the page and the
     * layout both call it and share one answer (a failure or null included).
     */
    /** The store's API-KEY, which the layout hands to islands (src/stores/api-client.ts). */
    apiKey: string;
    /**
     * A page Astro prerendered at build, handed in by server.ts when the
     * address asked for is one (decision 013): its built content and that address.
     */
    prerenderedPage?: import('./lib/prerendered-page.ts').PrerenderedPage & { path: string };
    /**
     * Handed in by server.ts, which finishes every page on its bytes: the
     * layout leaves its stylesheet here and a slot for it in the page (decision 046).
     */
    pageParts?: import('./lib/page-parts.ts').PageParts;
    /** The signed-in customer on a guarded page (src/middleware.ts); absent elsewhere. */
    session?: { customer: import('./lib/api/account.ts').Customer };
    /** Store-info for this request, fetched at most once and shared by the page and the layout; undefined when it failed. */
    storeInfo: () => Promise<import('./lib/api/store.ts').StoreFront | undefined>;
  }
}

declare namespace Astro {
  interface ClientDirectives {
    /** Load on the shopper's first reach (src/directives/reach.ts); a name also loads it when the page wakes that name. */
    'client:reach'?: boolean | string;
  }
}
