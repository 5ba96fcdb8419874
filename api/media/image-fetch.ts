import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Fetches an image a store's file names by URL (SECURITY 40): http(s) only, a
 * host the store allows, a timeout, a size cap enforced while reading and an
 * image/* type. Each redirect is checked as the first URL was.
 */
export type FetchedImage = { ok: true; bytes: Buffer; contentType: string } | { ok: false; reason: string };

export interface FetchImageOptions {
  /** Exact `host[:port]` as the URL writes it, or any host whose every address is public. */
  allowedHosts: readonly string[] | 'any-public';
  timeoutMs?: number;
  maxBytes?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * MEDIA_FETCH_HOSTS: hosts image URLs may name, separated by commas
 * (`cdn.shopify.com,images.example.in:8443`); unset, any public host.
 * An entry with a scheme, a path or a user is a mistake: refused at start.
 */
export function readMediaFetchHosts(env: NodeJS.ProcessEnv): readonly string[] | 'any-public' {
  const given = env.MEDIA_FETCH_HOSTS?.trim();
  if (!given) return 'any-public';
  const hosts = given
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const wrong = hosts.find((host) => !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(host));
  if (wrong !== undefined) throw new Error(`MEDIA_FETCH_HOSTS: '${wrong}' is not a host[:port] (no scheme, path or user)`);
  return hosts;
}

export async function fetchImage(url: string, options: FetchImageOptions): Promise<FetchedImage> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  // One deadline for the whole fetch, redirects and body included.
  const signal = AbortSignal.timeout(timeoutMs);
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  for (let redirects = 0; ; redirects++) {
    const target = await checkTarget(current, options.allowedHosts);
    if (!target.ok) return target;
    let response: IncomingMessage;
    try {
      response = await send(current, target.lookup, signal);
    } catch (error) {
      return { ok: false, reason: signal.aborted ? `timed out after ${seconds(timeoutMs)}` : failureOf(error) };
    }
    const status = response.statusCode ?? 0;
    if (REDIRECTS.has(status) && response.headers.location) {
      response.destroy();
      if (redirects === MAX_REDIRECTS) return { ok: false, reason: `more than ${MAX_REDIRECTS} redirects` };
      try {
        current = new URL(response.headers.location, current);
      } catch {
        return { ok: false, reason: 'a redirect to something that is not a URL' };
      }
      continue;
    }
    return readImage(response, { maxBytes, signal, timeoutMs });
  }
}

type Target = { ok: true; lookup?: LookupFunction } | { ok: false; reason: string };

/**
 * With a list, the host must be on it. With 'any-public', every address the
 * name resolves to must be public, and the connection is made to those very
 * addresses (a pinned lookup), so a second answer from DNS cannot swap in a
 * private one between the check and the connect.
 */
async function checkTarget(url: URL, allowed: FetchImageOptions['allowedHosts']): Promise<Target> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: `not http(s): ${url.protocol}` };
  const refused = { ok: false, reason: `host not allowed: ${url.host}` } as const;
  if (url.username || url.password) return { ok: false, reason: 'a URL with a user name or password' };
  if (allowed !== 'any-public') return allowed.includes(url.host) ? { ok: true } : refused;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(hostname)) return isPublic(hostname) ? { ok: true } : refused;
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await lookup(hostname, { all: true });
  } catch {
    return { ok: false, reason: `host not found: ${url.hostname}` };
  }
  if (addresses.length === 0 || !addresses.every((a) => isPublic(a.address))) return refused;
  const pinned: LookupFunction = (_name, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  return { ok: true, lookup: pinned };
}

/** Loopback, private, link-local, CGNAT, unique-local and the other ranges no public image lives in. */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 96], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8]] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

function isPublic(address: string): boolean {
  if (isIP(address) === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach the IPv4 address inside: judge that one.
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  if (mapped || nat64) {
    const v4 = [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
    return !NOT_PUBLIC.check(v4, 'ipv4');
  }
  return !NOT_PUBLIC.check(address, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  return tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function send(url: URL, lookup: LookupFunction | undefined, signal: AbortSignal): Promise<IncomingMessage> {
  const options: RequestOptions = {
    method: 'GET',
    signal,
    // Identity: a compressed body would make the size cap count the wrong bytes.
    headers: { Accept: 'image/*', 'Accept-Encoding': 'identity', 'User-Agent': 'storefront-image-fetch' },
    ...(lookup ? { lookup } : {}),
  };
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, options, resolve);
    req.on('error', reject);
    req.end();
  });
}

async function readImage(
  response: IncomingMessage,
  limits: { maxBytes: number; signal: AbortSignal; timeoutMs: number },
): Promise<FetchedImage> {
  const refuse = (reason: string): FetchedImage => {
    response.destroy(); // closes the connection: the rest is never read
    return { ok: false, reason };
  };
  const status = response.statusCode ?? 0;
  if (status !== 200) return refuse(`HTTP ${status}`);
  const contentType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!contentType.startsWith('image/')) return refuse(`not an image (${contentType || 'no Content-Type'})`);
  const tooLarge = `larger than ${sizeText(limits.maxBytes)}`;
  if (Number(response.headers['content-length'] ?? 0) > limits.maxBytes) return refuse(tooLarge);
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      total += chunk.length;
      // Checked before the chunk is kept: never more than maxBytes held.
      if (total > limits.maxBytes) return refuse(tooLarge);
      chunks.push(chunk);
    }
  } catch (error) {
    return refuse(limits.signal.aborted ? `timed out after ${seconds(limits.timeoutMs)}` : failureOf(error));
  }
  return { ok: true, bytes: Buffer.concat(chunks, total), contentType };
}

function failureOf(error: unknown): string {
  const code = (error as { code?: string }).code;
  return `could not fetch (${code ?? (error instanceof Error ? error.message : 'unknown error')})`;
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Number((bytes / 1024 / 1024).toFixed(1))} MB` : `${Number((bytes / 1024).toFixed(1))} KB`;
