import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER, clientIpKey, parseTrustProxy } from '../../api/auth/client-ip.ts';

/**
 * The client's address for per-IP limits (SECURITY.md 4, 7). TRUST_PROXY=N
 * says N proxies of the store's own sit in front of it: each appends the
 * address it saw to X-Forwarded-For, so only the last N entries are theirs
 * and anything left of them is the client's to write.
 */
const SOCKET = '10.0.0.1';
const withHeaders = (headers: Record<string, string>) =>
  ({ req: { header: (name: string) => headers[name.toLowerCase()] } }) as unknown as Context;
const keyOf = (forwardedFor: string | undefined, trustProxy: string | undefined, socket: string | null = SOCKET) =>
  clientIpKey(
    withHeaders({
      ...(forwardedFor !== undefined ? { 'x-forwarded-for': forwardedFor } : {}),
      ...(socket !== null ? { [CLIENT_ADDRESS_HEADER]: socket } : {}),
    }),
    trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy },
  );

describe('the client address behind TRUST_PROXY proxies', () => {
  it('with TRUST_PROXY=1 takes the last X-Forwarded-For entry, never one the client wrote before it', () => {
    expect(keyOf('198.51.100.66, 203.0.113.7', '1')).toBe('203.0.113.7');
    expect(keyOf('203.0.113.7', '1')).toBe('203.0.113.7');
  });

  it('with TRUST_PROXY=2 takes the entry two hops from the socket', () => {
    expect(keyOf('198.51.100.66, 203.0.113.7, 10.0.0.2', '2')).toBe('203.0.113.7');
  });

  it('with fewer entries than proxies takes the leftmost one', () => {
    expect(keyOf('203.0.113.7', '3')).toBe('203.0.113.7');
    expect(keyOf('203.0.113.7, 10.0.0.2', '5')).toBe('203.0.113.7');
  });

  it('with no X-Forwarded-For behind a proxy takes the socket address', () => {
    expect(keyOf(undefined, '1')).toBe(SOCKET);
  });

  it('unset or 0 takes the socket address and ignores X-Forwarded-For', () => {
    expect(keyOf('203.0.113.7', undefined)).toBe(SOCKET);
    expect(keyOf('203.0.113.7', '0')).toBe(SOCKET);
    expect(keyOf('203.0.113.7', '')).toBe(SOCKET);
  });

  it('reads entries from repeated headers and spaces alike', () => {
    expect(keyOf('198.51.100.66 ,203.0.113.7,  2001:db8::1 ', '1')).toBe('2001:db8::1');
    expect(keyOf('198.51.100.66,, 203.0.113.7', '1')).toBe('203.0.113.7');
  });

  it('uses the shared key for a call without the socket address (server rendering in process), X-Forwarded-For or not', () => {
    expect(keyOf('203.0.113.7', '1', null)).toBe('local');
    expect(keyOf(undefined, undefined, null)).toBe('local');
  });
});

describe('TRUST_PROXY values', () => {
  it('reads a whole number of proxies; unset or blank is 0', () => {
    expect(parseTrustProxy(undefined)).toBe(0);
    expect(parseTrustProxy('')).toBe(0);
    expect(parseTrustProxy('0')).toBe(0);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 2 ')).toBe(2);
  });

  it('refuses anything else (null), so the server can refuse to start', () => {
    for (const value of ['true', 'yes', '1.5', '-1', '1e2', 'one', '0x1']) expect(parseTrustProxy(value), value).toBeNull();
  });
});
