import { describe, expect, it } from 'vitest';
import { absoluteMediaText, mediaBaseUrl, withAbsoluteMedia } from '../../api/media/media-url.ts';

const BASE = 'https://img.example.in/media';

describe('absolute media URLs', () => {
  it('defaults to the site origin + /media, or takes MEDIA_BASE_URL without its trailing slash', () => {
    expect(mediaBaseUrl({}, 'https://shop.example.in')).toBe('https://shop.example.in/media');
    expect(mediaBaseUrl({ MEDIA_BASE_URL: 'https://cdn.example.in/store-media/' }, 'https://shop.example.in')).toBe('https://cdn.example.in/store-media');
  });

  it('makes a path, each entry of a comma-separated list and rich-text attributes absolute', () => {
    expect(absoluteMediaText('/media/products/a-1.webp', BASE)).toBe(`${BASE}/products/a-1.webp`);
    expect(absoluteMediaText('/media/products/a-1.webp,/media/products/a-2.webp', BASE)).toBe(`${BASE}/products/a-1.webp,${BASE}/products/a-2.webp`);
    expect(absoluteMediaText('<img src="/media/home/x.webp">', BASE)).toBe(`<img src="${BASE}/home/x.webp">`);
  });

  it('leaves absolute URLs, other paths and text alone', () => {
    for (const text of ['https://cdn.example/logo.png', '/shop?categories=Media', 'social media/ads', '']) {
      expect(absoluteMediaText(text, BASE)).toBe(text);
    }
  });

  it('walks answers, also rows without a prototype, and keeps numbers and nulls', () => {
    const row = Object.assign(Object.create(null), { cover_image: '/media/p.webp', id: 3, old: null });
    expect(withAbsoluteMedia({ success: true, data: [row], list: ['/media/a.webp'] }, BASE)).toEqual({
      success: true,
      data: [{ cover_image: `${BASE}/p.webp`, id: 3, old: null }],
      list: [`${BASE}/a.webp`],
    });
  });
});
