import type { HomeSection, HeroSection, SecondarySection, StoreInfo } from './api/store.ts';

/** What the home page's hero shows, decided from store-info's bannerType and the hero section. */
export type HeroView =
  | { kind: 'slider'; slides: string[]; title: string; content: string }
  | { kind: 'image'; image: string; title: string; content: string }
  | { kind: 'video'; video: string; poster: string | undefined; title: string; content: string }
  | { kind: 'text'; title: string; content: string };

const BANNER_TYPES = ['slider', 'image', 'video'] as const;
type BannerType = (typeof BANNER_TYPES)[number];

/** SPEC §3: bannerType defaults to slider; an unknown value counts as the default. */
export function bannerTypeOf(store: StoreInfo | undefined): BannerType {
  const value = store?.bannerType?.trim().toLowerCase();
  return (BANNER_TYPES as readonly string[]).includes(value ?? '') ? (value as BannerType) : 'slider';
}

/** SPEC §3: categoryLayout defaults to swiper; 'grid' is the other layout. */
export function categoryLayoutOf(store: StoreInfo | undefined): 'swiper' | 'grid' {
  return store?.categoryLayout?.trim().toLowerCase() === 'grid' ? 'grid' : 'swiper';
}

const present = (url: string | null | undefined): url is string => typeof url === 'string' && url.trim() !== '';

/**
 * The hero for the store's banner type, falling back to what the section has:
 * a slider with no slides shows its image, a video with no file shows its
 * image, and a hero with no media at all shows only its text.
 */
export function heroViewOf(sections: HomeSection[], store: StoreInfo | undefined): HeroView | undefined {
  const hero = sections.find((s): s is HeroSection => s.section === 'hero');
  if (!hero) return undefined;
  const text = { title: hero.title?.trim() ?? '', content: hero.content ?? '' };
  const slides = (hero.slider_files ?? []).filter(present);
  const image = present(hero.image_url) ? hero.image_url : slides[0];
  const type = bannerTypeOf(store);
  if (type === 'video' && present(hero.video_url)) return { kind: 'video', video: hero.video_url, poster: image, ...text };
  if (type === 'slider' && slides.length > 1) return { kind: 'slider', slides, ...text };
  if (image) return { kind: 'image', image, ...text };
  return text.title || text.content ? { kind: 'text', ...text } : undefined;
}

export function secondaryOf(sections: HomeSection[]): SecondarySection | undefined {
  return sections.find((s): s is SecondarySection => s.section === 'secondary');
}
