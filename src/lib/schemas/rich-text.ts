import sanitizeHtml from 'sanitize-html';

/**
 * The one HTML sanitiser, shared by both sides: the store API cleans product
 * descriptions and home-section content before sending them, and the
 * storefront cleans them again before rendering (it may be talking to another
 * server in proxy mode). Server-side only (never import it into an island). Strict allow-list: a few text-formatting tags, links
 * with http/https/mailto or relative targets (rel added), nothing else; no
 * style, class, id or on* attributes. Disallowed tags are dropped, and the
 * content of script/style-like tags goes with them.
 */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'span'];
const LINK_REL = 'noopener noreferrer nofollow';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel'] },
  allowedClasses: {},
  allowedStyles: {},
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  // "//evil.example/x" is an absolute link in disguise: not a relative one.
  allowProtocolRelative: false,
  allowedIframeHostnames: [],
  allowVulnerableTags: false,
  parseStyleAttributes: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'iframe', 'object', 'xmp'],
  transformTags: {
    // Keep only href (checked against the schemes above) and force rel.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href !== undefined ? { href: attribs.href } : {}), rel: LINK_REL },
    }),
  },
};

// Listings sanitise the same descriptions over and over; a small bounded
// cache (oldest entry evicted first) keeps that off the hot path.
const CACHE_LIMIT = 1000;
const CACHEABLE_LENGTH = 16 * 1024;
const cache = new Map<string, string>();

/** Sanitised HTML for rich text from the database; '' for empty input. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  const cached = cache.get(html);
  if (cached !== undefined) return cached;
  const clean = sanitizeHtml(html, OPTIONS);
  if (html.length <= CACHEABLE_LENGTH) {
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(html, clean);
  }
  return clean;
}
