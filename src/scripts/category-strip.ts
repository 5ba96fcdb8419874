import { CAROUSEL_AUTOPLAY_MS } from '../lib/constants.ts';

/**
 * Autoplays the home page's category strip (SPEC §2, §9 Carousel: every 3 s;
 * src/components/home/CategoryStrip.astro): one tile on, back to the first
 * after the last. It pauses while the pointer or focus is on the strip, when
 * the tab is hidden, and entirely for visitors who prefer reduced motion.
 * Without this script the strip still scrolls and snaps by touch or trackpad.
 */
for (const strip of document.querySelectorAll<HTMLElement>('[data-category-strip]')) {
  const track = strip.querySelector<HTMLElement>('[data-carousel-track]');
  const tile = track?.firstElementChild;
  if (!track || !(tile instanceof HTMLElement) || window.matchMedia('(prefers-reduced-motion: reduce)').matches) continue;

  const step = () => {
    const last = track.scrollWidth - track.clientWidth;
    if (last <= 1) return; // every tile is in view
    const tileStep = tile.offsetWidth + parseFloat(getComputedStyle(track).columnGap || '0');
    track.scrollTo({ left: track.scrollLeft >= last - 1 ? 0 : Math.min(last, track.scrollLeft + tileStep), behavior: 'smooth' });
  };
  let paused = false;
  strip.addEventListener('pointerenter', () => (paused = true));
  strip.addEventListener('pointerleave', () => (paused = false));
  strip.addEventListener('focusin', () => (paused = true));
  strip.addEventListener('focusout', () => (paused = false));
  window.setInterval(() => {
    if (!paused && document.visibilityState === 'visible') step();
  }, CAROUSEL_AUTOPLAY_MS);
}
