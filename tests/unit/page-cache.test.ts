import { describe, expect, it } from 'vitest';
import { isCataloguePath, isShareable } from '../../server/page-cache.ts';

describe('page cache rules', () => {
  it('keeps only the shared catalogue pages', () => {
    for (const path of ['/', '/shop', '/shop/', '/categories', '/products/blue-kurta', '/faq', '/privacy-policy', '/terms-use']) {
      expect(isCataloguePath(path), path).toBe(true);
    }
    for (const path of ['/cart', '/checkout', '/my-account/orders', '/signin', '/payment', '/products/a/b', '/api/store-info', '/session']) {
      expect(isCataloguePath(path), path).toBe(false);
    }
  });

  it('never keeps a personal answer: a cookie set, private, no-store, or not a 200', () => {
    expect(isShareable(200, { 'content-type': 'text/html' })).toBe(true);
    expect(isShareable(200, { 'set-cookie': ['a=1'] })).toBe(false);
    expect(isShareable(200, { 'cache-control': 'private, no-store' })).toBe(false);
    expect(isShareable(200, { 'cache-control': 'no-store' })).toBe(false);
    expect(isShareable(302, {})).toBe(false);
    expect(isShareable(404, {})).toBe(false);
  });
});
