import { describe, expect, it } from 'vitest';
import { heroSrcset } from '../../src/lib/hero-images.ts';

describe('heroSrcset', () => {
  it('offers the 800 and 1600 px copies of a slide named -1600.webp', () => {
    expect(heroSrcset('https://shop.example/media/home/slide-1-1600.webp')).toBe(
      'https://shop.example/media/home/slide-1-800.webp 800w, https://shop.example/media/home/slide-1-1600.webp 1600w',
    );
  });

  it('gives no srcset for a picture without the naming (it is used as it is)', () => {
    expect(heroSrcset('/media/home/slide-1.webp')).toBeUndefined();
    expect(heroSrcset('/media/home/banner-1600.jpg')).toBeUndefined();
    expect(heroSrcset('/media/home/slide-1600.webp?v=2')).toBeUndefined();
  });
});
