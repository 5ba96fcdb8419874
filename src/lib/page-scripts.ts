/**
 * Page scripts start after the first paint (decision 039). Astro writes each
 * component's script as `<script type="module" src="/_astro/…">`, which the
 * browser fetches as soon as it reads the tag, beside the largest image and
 * the font on a slow phone. The server turns those tags into inert
 * placeholders (a script element of a type no browser runs or fetches:
 * page-finish.server.ts); after the first paint
 * src/scripts/start-page-scripts.ts puts the real module scripts back, in the
 * same order. Pages work before their scripts run (HTML first), so nothing
 * waits on them but the enhancements. This module holds what both sides name.
 */

/** The placeholder's type: a data block, never fetched nor run. */
export const PAGE_SCRIPT_TYPE = 'text/x-page-script';

/**
 * Marks a form whose scripts act on `change` (the /shop filters): a change
 * made there before the page's scripts ran is sent again once they have, so
 * it is not lost. Only src/scripts/start-page-scripts.ts reads it in the
 * browser: a module two page scripts imported would become a shared chunk, and
 * the start script must stay inline.
 */
export const REPLAY_CHANGES_ATTRIBUTE = 'data-replay-changes';
