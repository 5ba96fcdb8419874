import { describe, expect, it } from 'vitest';
import type { HomeSection } from '../../src/lib/api/store.ts';
import {
  bannerTypeOf,
  categoryLayoutOf,
  heroViewOf,
  secondaryOf,
} from '../../src/lib/home-sections.ts';

const hero = (extra: Partial<Extract<HomeSection, { section: 'hero' }>> = {}): HomeSection => ({
  section: 'hero',
  hero_type: 'slider',
  slider_files: ['/a.webp', '/b.webp'],
  image_url: '/hero.webp',
  video_url: '/hero.mp4',
  title: ' Festive sale ',
  content: '<p>Up to 50% off</p>',
  ...extra,
});
const secondary: HomeSection = { section: 'secondary', image_url: '/s.webp', title: 'Makers', content: '<p>x</p>' };

describe('home sections', () => {
  it('defaults the banner type to slider and ignores unknown values', () => {
    expect(bannerTypeOf(undefined)).toBe('slider');
    expect(bannerTypeOf({ bannerType: 'VIDEO' })).toBe('video');
    expect(bannerTypeOf({ bannerType: 'carousel' })).toBe('slider');
  });

  it('defaults the category layout to swiper', () => {
    expect(categoryLayoutOf(undefined)).toBe('swiper');
    expect(categoryLayoutOf({ categoryLayout: 'grid' })).toBe('grid');
    expect(categoryLayoutOf({ categoryLayout: 'other' })).toBe('swiper');
  });

  it('shows the slider for bannerType slider, with a trimmed title', () => {
    expect(heroViewOf([hero(), secondary], { bannerType: 'slider' })).toEqual({
      kind: 'slider',
      slides: ['/a.webp', '/b.webp'],
      title: 'Festive sale',
      content: '<p>Up to 50% off</p>',
    });
  });

  it('shows the image for bannerType image, and the video with the image as poster for video', () => {
    expect(heroViewOf([hero()], { bannerType: 'image' })).toMatchObject({ kind: 'image', image: '/hero.webp' });
    expect(heroViewOf([hero()], { bannerType: 'video' })).toMatchObject({
      kind: 'video',
      video: '/hero.mp4',
      poster: '/hero.webp',
    });
  });

  it('falls back to an image when the chosen media is missing, and to text when there is none', () => {
    expect(heroViewOf([hero({ video_url: '' })], { bannerType: 'video' })).toMatchObject({ kind: 'image' });
    expect(heroViewOf([hero({ slider_files: ['/only.webp'], image_url: '' })], {})).toMatchObject({
      kind: 'image',
      image: '/only.webp',
    });
    expect(heroViewOf([hero({ slider_files: [], image_url: null, video_url: null })], {})).toMatchObject({ kind: 'text' });
  });

  it('has no hero without a hero section', () => {
    expect(heroViewOf([secondary], {})).toBeUndefined();
    expect(secondaryOf([hero(), secondary])).toEqual(secondary);
  });
});
