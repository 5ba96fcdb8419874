/**
 * LazyImage's behaviour (src/components/LazyImage.astro, SPEC §2):
 * - a lazy image gets its src once 20 % of it is visible (one
 *   IntersectionObserver for the page, threshold LAZY_IMAGE_VISIBLE_RATIO);
 * - a wrapper is marked loaded or failed: the spinner stops, or the alt text
 *   shows in place of a broken image. One capture listener for the page (load
 *   and error do not bubble), plus a pass over images that finished before
 *   this script ran.
 */
import { LAZY_IMAGE_VISIBLE_RATIO } from '../lib/constants.ts';

function mark(img: HTMLImageElement, state: 'loaded' | 'error'): void {
  const wrapper = img.closest<HTMLElement>('.lazy-image');
  if (wrapper) wrapper.dataset.state = state;
}

function onImageEvent(event: Event): void {
  const target = event.target;
  if (target instanceof HTMLImageElement && target.classList.contains('lazy-image-img')) {
    mark(target, event.type === 'load' ? 'loaded' : 'error');
  }
}

/** Copies data-srcset and data-src into the real attributes: the browser fetches now. */
function reveal(img: HTMLImageElement): void {
  const { src, srcset } = img.dataset;
  if (srcset) img.srcset = srcset;
  if (src) img.src = src;
  else mark(img, 'error');
}

document.addEventListener('load', onImageEvent, true);
document.addEventListener('error', onImageEvent, true);
for (const img of document.querySelectorAll<HTMLImageElement>('img.lazy-image-img[src]')) {
  if (img.complete) mark(img, img.naturalWidth > 0 ? 'loaded' : 'error');
}

const waiting = document.querySelectorAll<HTMLImageElement>('img.lazy-image-img[data-lazy]:not([src])');
if (!('IntersectionObserver' in window)) {
  waiting.forEach(reveal);
} else {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting && entry.intersectionRatio >= LAZY_IMAGE_VISIBLE_RATIO) {
          observer.unobserve(entry.target);
          reveal(entry.target as HTMLImageElement);
        }
      }
    },
    { threshold: LAZY_IMAGE_VISIBLE_RATIO },
  );
  waiting.forEach((img) => observer.observe(img));
}
