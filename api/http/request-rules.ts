/**
 * What a request may look like before any route sees it (SECURITY.md 24, 35):
 * its size, its method and the type of its body. server.ts applies the size
 * and method rules to every route, pages included; the API applies the body
 * type rule (content-type.middleware.ts). Pure, shared by both.
 */

/** Largest request body, on every route (413 past it). */
export const MAX_BODY_BYTES = 64 * 1024;

export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
/** The `Allow` header of a 405. */
export const ALLOW_HEADER = ALLOWED_METHODS.join(', ');

export function isAllowedMethod(method: string | undefined): boolean {
  return (ALLOWED_METHODS as readonly string[]).includes(method ?? '');
}

/** Methods whose body the API reads, and so checks the type of. */
export const STATE_CHANGING_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** API paths that also take multipart/form-data (SPEC §7: /get-products sends a multipart form). */
const MULTIPART_PATHS: readonly string[] = ['/api/get-products'];

/** The media type of a Content-Type header, lower case, without parameters ('' when absent). */
export function mediaTypeOf(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** True when a body of this Content-Type may go to this API path: JSON anywhere, multipart where SPEC sends it. */
export function isAcceptedBodyType(path: string, contentType: string | null | undefined): boolean {
  const type = mediaTypeOf(contentType);
  return type === 'application/json' || (type === 'multipart/form-data' && MULTIPART_PATHS.includes(path));
}
