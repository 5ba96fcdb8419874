import { describe, expect, it } from 'vitest';
import { absoluteMediaJson, mediaBaseUrl } from '../../api/media/media-url.ts';

const BASE = 'https://img.example.in/media';
/** A value as the API sends it: serialised, media made absolute, as a client reads it back. */
const sent = <T>(value: T, base = BASE): T => JSON.parse(absoluteMediaJson(JSON.stringify(value), base)) as T;

describe('absolute media URLs', () => {
  it('defaults to the site origin + /media, or takes MEDIA_BASE_URL without its trailing slash', () => {
    expect(mediaBaseUrl({}, 'https://shop.example.in')).toBe('https://shop.example.in/media');
    expect(mediaBaseUrl({ MEDIA_BASE_URL: 'https://cdn.example.in/store-media/' }, 'https://shop.example.in')).toBe('https://cdn.example.in/store-media');
  });

  it('makes a path, each entry of a comma-separated list and rich-text attributes absolute', () => {
    expect(sent('/media/products/a-1.webp')).toBe(`${BASE}/products/a-1.webp`);
    expect(sent('/media/products/a-1.webp,/media/products/a-2.webp')).toBe(`${BASE}/products/a-1.webp,${BASE}/products/a-2.webp`);
    expect(sent('<img src="/media/home/x.webp">')).toBe(`<img src="${BASE}/home/x.webp">`);
    expect(sent("<img src='/media/home/x.webp'> url(/media/bg.webp) see /media/a.pdf")).toBe(
      `<img src='${BASE}/home/x.webp'> url(${BASE}/bg.webp) see ${BASE}/a.pdf`,
    );
  });

  it('makes a path absolute after a line break or a tab, which JSON writes as escapes', () => {
    expect(sent('Size chart:\n/media/charts/kurta.webp\t/media/charts/saree.webp\r\n')).toBe(
      `Size chart:\n${BASE}/charts/kurta.webp\t${BASE}/charts/saree.webp\r\n`,
    );
  });

  it('leaves absolute URLs, other paths and text alone', () => {
    for (const text of ['https://cdn.example/logo.png', '/shop?categories=Media', 'social media/ads', 'a/media/b', '']) {
      expect(sent(text)).toBe(text);
    }
  });

  it('walks whole answers, rows without a prototype included, and keeps numbers and nulls', () => {
    const row = Object.assign(Object.create(null), { cover_image: '/media/p.webp', id: 3, old: null });
    expect(sent({ success: true, data: [row], list: ['/media/a.webp'] })).toEqual({
      success: true,
      data: [{ cover_image: `${BASE}/p.webp`, id: 3, old: null }],
      list: [`${BASE}/a.webp`],
    });
  });

  it('writes a base with characters JSON or a replacement would read otherwise as it is', () => {
    expect(sent('/media/a.webp', 'https://cdn.example.in/$1/"q"')).toBe('https://cdn.example.in/$1/"q"/a.webp');
  });
});
