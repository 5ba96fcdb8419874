/**
 * What shared catalogue pages send (decision 023): browsers and a CDN keep
 * them 60 s and may serve them 10 minutes more while fetching a fresh copy.
 * The server's page cache (server/page-cache.ts) keeps them the same way.
 */
export const PAGE_MAX_AGE_S = 60;
export const PAGE_STALE_S = 600;
export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=${PAGE_MAX_AGE_S}, s-maxage=${PAGE_MAX_AGE_S}, stale-while-revalidate=${PAGE_STALE_S}`;
