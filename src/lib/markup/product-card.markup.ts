/**
 * One product in a grid: image, name (linking to its page; the whole card is
 * clickable), price, an 'Out of stock' badge, the wishlist heart and a compact
 * add-to-cart control (a form, with a size select when there are several
 * sizes). Plain HTML, the same for every visitor: one script per page
 * enhances every card's form and heart (decision 030), and the card is one
 * string (decision 042).
 */
import type { ProductItem } from '../api/catalog.ts';
import { coverImageOf, imageSrcset } from '../product-images.ts';
import { productPath } from '../routes.ts';
import { quickAddToCartMarkup } from './add-to-cart.markup.ts';
import { attributes, escapeHtml } from './html.ts';
import { lazyImageMarkup } from './lazy-image.markup.ts';
import { priceMarkup } from './price.markup.ts';
import { wishlistHeartMarkup } from './wishlist-heart.markup.ts';

export interface ProductCardOptions {
  /** Load at once (first row above the fold); otherwise lazily. */
  eager?: boolean | undefined;
  /** With `eager`: fetch its image before other images (default: as `eager`). */
  priority?: boolean | undefined;
  /** Heading level of the name inside its section. */
  headingLevel?: 2 | 3 | 4 | undefined;
}

const ARTICLE_CLASS =
  'group relative flex h-full flex-col overflow-hidden rounded-xl border border-current/10 bg-page transition-shadow hover:shadow-lg has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-current';
// Grid: 2 columns on phones, 3 from md, 4 from lg, inside max-w-7xl.
const SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 23vw, (min-width: 768px) 31vw, 46vw';
const OUT_OF_STOCK_BADGE =
  '<span class="absolute top-2 left-2 rounded-full bg-neutral-900/85 px-2.5 py-1 text-xs font-medium text-white">Out of stock</span>';

export function productCardMarkup(product: ProductItem, options: ProductCardOptions = {}): string {
  const { eager = false, priority = eager, headingLevel = 3 } = options;
  const image = coverImageOf(product);
  const picture = image
    ? lazyImageMarkup({
        src: image,
        srcset: imageSrcset(image),
        sizes: SIZES,
        alt: product.name,
        width: 640,
        height: 640,
        eager,
        priority,
        class: 'size-full',
        imgClass: 'object-cover transition-transform duration-300 group-hover:scale-[1.03]',
      })
    : '<div class="flex size-full items-center justify-center text-sm text-neutral-500">No image</div>';
  const heart = wishlistHeartMarkup({
    compact: true,
    name: product.name,
    product: { id: product.id, retailer_id: product.retailer_id ?? null, wholesaler_id: product.wholesaler_id ?? null },
  });
  const link = attributes({ href: productPath(product.slug), class: 'after:absolute after:inset-0 focus-visible:outline-none' });
  return (
    `<article class="${ARTICLE_CLASS}">` +
    '<div class="relative aspect-square overflow-hidden bg-neutral-100">' +
    picture +
    (product.quantity <= 0 ? OUT_OF_STOCK_BADGE : '') +
    `<div class="absolute top-2 right-2 z-10">${heart}</div>` +
    '</div>' +
    '<div class="flex flex-1 flex-col gap-1.5 p-3">' +
    `<h${headingLevel} class="line-clamp-2 text-sm leading-snug font-medium"><a${link}>${escapeHtml(product.name)}</a></h${headingLevel}>` +
    priceMarkup({ price: product.final_price, oldPrice: product.old_price, class: 'mt-auto text-sm' }) +
    quickAddToCartMarkup({ product, class: 'mt-1.5' }) +
    '</div>' +
    '</article>'
  );
}
