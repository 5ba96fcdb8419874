/**
 * A multipart/form-data body of text fields written as text, as a browser
 * writes a form (RFC 7578, the HTML form encoding): `/get-products` takes
 * its filters so (SPEC §7). A FormData body is built by fetch through blobs
 * and streams; on the server, in-process, that cost more than the listing's
 * own queries. Text also lets the caller know the body's length.
 */
import type { ParamValue } from './client.ts';

export interface MultipartBody {
  body: string;
  /** `multipart/form-data; boundary=...` */
  contentType: string;
}

/**
 * Random text for a boundary. randomUUID draws from a buffer on the server
 * (getRandomValues asked the system on every call: most of a listing call's
 * cost in building its body); a browser has it only on a secure origin.
 */
function randomText(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replaceAll('-', '');
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A boundary no field holds: random, as browsers make theirs. */
function boundaryFor(texts: readonly string[]): string {
  for (;;) {
    const random = randomText();
    const boundary = `----StorefrontFormBoundary${random}`;
    if (!texts.some((text) => text.includes(boundary))) return boundary;
  }
}

// The HTML form encoding: quotes and line breaks of a name as percent escapes, every line break of a value as CRLF.
const escapeName = (name: string) => name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const normaliseLineBreaks = (value: string) => value.replace(/\r\n|\r|\n/g, '\r\n');

/** The fields as one multipart body; null and undefined fields are left out. */
export function multipartBody(fields: Readonly<Record<string, ParamValue>>): MultipartBody {
  const parts: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value !== null && value !== undefined) parts.push([escapeName(name), normaliseLineBreaks(String(value))]);
  }
  const boundary = boundaryFor(parts.flat());
  let body = '';
  for (const [name, value] of parts) body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  body += `--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
