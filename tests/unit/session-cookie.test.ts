import { describe, expect, it } from 'vitest';
import {
  SESSION_COOKIE_MAX_AGE_S,
  isPlausibleToken,
  isSecureCookieUrl,
  sessionCookieOptions,
} from '../../src/lib/session-cookie.ts';

describe('session cookie flags', () => {
  it('is HttpOnly, SameSite=Lax, on every path, for the session life', () => {
    expect(sessionCookieOptions(new URL('https://shop.example.in/signin'))).toEqual({
      httpOnly: true,
      secure: true,
      sameSite: 'lax',
      path: '/',
      maxAge: SESSION_COOKIE_MAX_AGE_S,
    });
    expect(SESSION_COOKIE_MAX_AGE_S).toBe(90 * 24 * 3600);
  });

  it('is Secure everywhere but plain HTTP on this machine', () => {
    expect(isSecureCookieUrl(new URL('https://localhost:4321/'))).toBe(true);
    expect(isSecureCookieUrl(new URL('http://shop.example.in/'))).toBe(true); // behind a TLS proxy
    expect(isSecureCookieUrl(new URL('http://192.168.1.20:4321/'))).toBe(true);
    expect(isSecureCookieUrl(new URL('http://localhost:4321/'))).toBe(false);
    expect(isSecureCookieUrl(new URL('http://127.0.0.1:4399/'))).toBe(false);
    expect(isSecureCookieUrl(new URL('http://[::1]:4321/'))).toBe(false);
    expect(isSecureCookieUrl(new URL('http://shop.localhost/'))).toBe(false);
  });
});

describe('tokens accepted into the cookie', () => {
  it('takes an opaque base64url token', () => {
    expect(isPlausibleToken('HHlX2HxGv7dqBA1jQ-SK6osXCnWpbmntKWWAEMOuK3s')).toBe(true);
  });

  it('refuses what could split or inject a cookie, and anything that is not a bounded string', () => {
    for (const bad of ['', 'a;b', 'a b', 'a\r\nSet-Cookie: x', 'a,b', 'x'.repeat(513), 42, null, undefined, {}]) {
      expect(isPlausibleToken(bad)).toBe(false);
    }
  });
});
