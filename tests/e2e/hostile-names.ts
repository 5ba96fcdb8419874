/**
 * Products whose name is markup that would escape a raw-text element
 * (`<noscript>`) and spells the layout's stylesheet slot (decision 046):
 * hostile-names.setup.ts puts them in the e2e store before the browser tests
 * run; html-injection.spec.ts checks that they render inert.
 */
export const HOSTILE_NAME = '</noscript><img src=x onerror=alert(1)><noscript><style data-stylesheet-slot></style>';
/**
 * Their description: rich text whose plain text is the layout's stylesheet slot
 * (decision 046), which the product page writes into its meta description, an
 * attribute where Astro leaves < and > as they are.
 */
export const HOSTILE_DESCRIPTION = '<p>A product whose name is markup: &lt;style data-stylesheet-slot&gt;&lt;/style&gt;</p>';
/** A tag only these products carry: /shop?search= lists exactly them. */
export const HOSTILE_TAG = 'noscriptprobe';
/** Four, so /shop shows one past its eager first row (3 cards), as a lazy image with a <noscript> copy. */
export const HOSTILE_SLUGS = ['hostile-name-1', 'hostile-name-2', 'hostile-name-3', 'hostile-name-4'];
/** Older than every demo product, so tests that look at the newest products never see them. */
export const HOSTILE_CREATED_AT = '2001-01-01T00:00:00.000Z';

/** The e2e server's SQLite file (scripts/e2e-server.ts: one per port). */
export const e2eDatabaseFile = (baseURL: string) => `./data/e2e-${new URL(baseURL).port}/store.db`;
