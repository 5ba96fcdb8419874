import type { ServerResponse } from 'node:http';

/**
 * Headers every response carries. frame-ancestors only works as a header (not
 * in a meta tag), so the policy's frame and plugin parts live here.
 */
export function setSecurityHeaders(res: ServerResponse, options: { https: boolean }): void {
  res.setHeader(
    'Content-Security-Policy',
    [
      "default-src 'self'",
      "img-src 'self' data: blob:",
      "media-src 'self'",
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
