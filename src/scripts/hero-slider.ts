import { HERO_AUTOPLAY_MS } from '../lib/constants.ts';

/**
 * Enhances the hero strip: previous/next buttons and autoplay that pauses
 * while the pointer or focus is on the hero, when the tab is hidden, and
 * entirely for visitors who prefer reduced motion. Without this script the
 * strip still scrolls and snaps by touch or trackpad.
 */
for (const hero of document.querySelectorAll<HTMLElement>('[data-hero]')) {
  const track = hero.querySelector<HTMLElement>('[data-hero-track]');
  const controls = hero.querySelector<HTMLElement>('[data-hero-controls]');
  if (!track || !controls || track.children.length < 2) continue;
  controls.classList.remove('hidden');
  controls.classList.add('flex');

  const step = (direction: 1 | -1) => {
    const width = track.clientWidth;
    const last = track.scrollWidth - width;
    const next = track.scrollLeft + direction * width;
    track.scrollTo({ left: next > last + 1 ? 0 : next < -1 ? last : next });
  };
  hero.querySelector('[data-hero-prev]')?.addEventListener('click', () => step(-1));
  hero.querySelector('[data-hero-next]')?.addEventListener('click', () => step(1));

  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) continue;
  let paused = false;
  const pause = () => (paused = true);
  const resume = () => (paused = false);
  hero.addEventListener('pointerenter', pause);
  hero.addEventListener('pointerleave', resume);
  hero.addEventListener('focusin', pause);
  hero.addEventListener('focusout', resume);
  window.setInterval(() => {
    if (!paused && document.visibilityState === 'visible') step(1);
  }, HERO_AUTOPLAY_MS);
}
