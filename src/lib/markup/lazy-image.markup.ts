/**
 * An image that loads once 20 % of it is visible (SPEC §2), shows a spinner
 * until it has loaded, and shows its alt text if it fails. The first row and
 * hero images pass `eager` (largest paint) and load at once.
 *
 * A lazy image carries its address in data-src until src/scripts/lazy-images.ts
 * (an IntersectionObserver at a 0.2 threshold, loaded in Base.astro) copies it
 * into src; nothing is fetched before then, which keeps a slow connection free
 * for what is on screen. Without JavaScript the <noscript> copy shows instead
 * (global.css hides the placeholder under `scripting: none`). Decision 011.
 *
 * With scripting on, the parser reads a `<noscript>` as raw text up to the
 * first `</noscript>`: every value here is escaped with `<` and `>` too, so a
 * product name holding `</noscript>` cannot end it early and inject markup.
 */
import { attributes, classNames, escapeHtml, type AttributeValue } from './html.ts';

export interface LazyImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  srcset?: string | undefined;
  sizes?: string | undefined;
  eager?: boolean;
  /** With `eager`: ask for it before other images (fetchpriority high). Default: as `eager`; an eager image that is not the largest paint on a phone passes false and is asked for after it (fetchpriority low; /shop's first row, decision 039). */
  priority?: boolean;
  /** Classes of the wrapper (size, aspect ratio, rounding). */
  class?: string | undefined;
  /** Classes of the img itself (object-fit, transitions). */
  imgClass?: string | undefined;
}

/** `<img ...>` with every attribute value escaped; undefined values are left out. */
export function imgMarkup(record: Readonly<Record<string, AttributeValue>>): string {
  return `<img${attributes(record)}>`;
}

export function lazyImageMarkup(props: LazyImageProps): string {
  const { src, alt, width, height, srcset, sizes, eager = false, priority = eager } = props;
  // What every copy of the image shares; each adds how (and when) it loads.
  // Written once for both copies of a lazy image: escaping them again cost as much as the rest of the image.
  const shared = attributes({ alt, width, height, sizes: srcset ? sizes : undefined, class: classNames('lazy-image-img', props.imgClass) });
  const image = eager
    ? `<img${shared}${attributes({ src, srcset, loading: 'eager', fetchpriority: priority ? 'high' : 'low' })}>`
    : `<img${shared}${attributes({ 'data-lazy': true, 'data-src': src, 'data-srcset': srcset, decoding: 'async' })}>` +
      `<noscript><img${shared}${attributes({ src, srcset, loading: 'lazy', decoding: 'async' })}></noscript>`;
  return (
    `<span${attributes({ class: classNames('lazy-image', props.class), 'data-state': 'loading' })}>` +
    '<span class="lazy-image-spinner" aria-hidden="true"></span>' +
    image +
    `<span class="lazy-image-alt" aria-hidden="true">${escapeHtml(alt)}</span>` +
    '</span>'
  );
}

