import type { ServerResponse } from 'node:http';

/**
 * Headers every response carries. The CSP set here is the default for what
 * Astro does not render (API answers, files); pages rendered on demand get
 * Astro's own header (same directives plus script and style hashes, see
 * astro.config.mjs), which replaces this one. Prerendered pages are served
 * through Astro too (decision 013), so they get its header as well.
 */
export function setSecurityHeaders(res: ServerResponse, options: { https: boolean; mediaOrigin?: string }): void {
  const media = options.mediaOrigin ? ` ${options.mediaOrigin}` : '';
  res.setHeader(
    'Content-Security-Policy',
    [
      "default-src 'self'",
      `img-src 'self' data: blob:${media}`,
      `media-src 'self'${media}`,
      "style-src 'self' 'unsafe-inline'",
      "script-src 'self'",
      "connect-src 'self'",
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
  );
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  if (options.https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}
