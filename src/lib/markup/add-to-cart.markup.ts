/**
 * Server-rendered add-to-cart forms (decision 030): they post to /cart/add
 * and work without JavaScript; one small script for the whole page
 * (src/scripts/add-to-cart-forms.ts) takes a form's submit over once it has
 * run, reading the product from the button's data attribute: no island and no
 * React per card.
 */
import { addableProduct, cartVariants, encodeAddPayload, quickAdd } from '../add-to-cart.ts';
import type { ProductItem } from '../api/catalog.ts';
import type { AddableProduct, SelectedVariant } from '../cart.ts';
import { DEFAULT_ADD_QUANTITY } from '../constants.ts';
import { ROUTES } from '../routes.ts';
import { attributes, classNames, escapeHtml, uniqueSuffix } from './html.ts';

export interface AddToCartButtonProps {
  product: AddableProduct;
  /** The product's sizes (sold-out ones too); [] when it is sold without sizes. */
  variants: SelectedVariant[];
  /** The small button of cards and lists. */
  compact?: boolean | undefined;
  /** A message the server sent back with the page (`?cart_error=`). */
  initialError?: string | null | undefined;
}

/** The "Add to cart" button of an add-to-cart form, with the line where its message shows. */
export function addToCartButtonMarkup({ product, variants, compact = false, initialError = null }: AddToCartButtonProps): string {
  const size = compact ? 'px-4 py-2 text-xs' : 'w-full px-6 py-3 text-sm sm:w-auto sm:min-w-48';
  const button = attributes({
    type: 'submit',
    'data-add-to-cart': encodeAddPayload({ product, variants }),
    'aria-label': compact ? `Add to cart: ${product.name}` : undefined,
    class: `inline-flex items-center justify-center rounded-full bg-button font-semibold text-on-button transition-opacity hover:opacity-90 aria-busy:cursor-progress aria-busy:opacity-60 ${size}`,
  });
  const messageClass = initialError ? 'rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800' : 'sr-only';
  return (
    `<div class="${compact ? 'flex flex-col gap-1' : 'flex flex-col gap-2'}">` +
    `<button${button}>Add to cart</button>` +
    `<p role="alert" data-add-to-cart-message class="${messageClass}">${initialError ? escapeHtml(initialError) : ''}</p>` +
    '</div>'
  );
}

export interface QuickAddToCartProps {
  product: ProductItem;
  /** Sold out: say 'Out of stock' (where no badge says so already). */
  soldOutNote?: boolean | undefined;
  class?: string | undefined;
}

const SELECT_CLASS =
  'w-full rounded-full border border-current/30 bg-transparent px-4 py-2 text-xs font-semibold focus:outline-2 focus:outline-button';

/**
 * The compact add-to-cart control of product cards and wishlist rows. A
 * product with several sizes gets a size select in the same form (sold-out
 * sizes listed but not selectable); the card itself links to the full picker.
 * Sold out: nothing to add.
 */
export function quickAddToCartMarkup({ product, soldOutNote = false, class: className }: QuickAddToCartProps): string {
  const addable = addableProduct(product);
  const variants = cartVariants(product);
  const choice = quickAdd(variants, addable.quantity);
  if (choice.kind === 'sold-out') {
    return soldOutNote ? `<p class="${escapeHtml(classNames('text-sm font-medium opacity-80', className))}">Out of stock</p>` : '';
  }
  const button = addToCartButtonMarkup({ product: addable, variants, compact: true });
  const hidden = (name: string, value: string | number) => `<input${attributes({ type: 'hidden', name, value })}>`;
  const productFields = hidden('product_id', product.id) + hidden('slug', product.slug);
  if (choice.kind === 'add') {
    const fields = productFields + (choice.variant ? hidden('variant_id', choice.variant.id) : '') + hidden('quantity', DEFAULT_ADD_QUANTITY);
    return `<form${attributes({ method: 'post', action: ROUTES.cartAdd, class: classNames('relative z-10', className) })}>${fields}${button}</form>`;
  }
  // Unique on the page even when a product shows twice (new arrivals and a listing, say).
  const sizeId = `card-size-${product.id}-${uniqueSuffix()}`;
  const options = variants
    .map((variant) => {
      const soldOut = variant.stock <= 0;
      const label = soldOut ? `${variant.product_variation} (sold out)` : variant.product_variation;
      return `<option${attributes({ value: variant.id, disabled: soldOut })}>${escapeHtml(label)}</option>`;
    })
    .join('');
  return (
    `<form${attributes({ method: 'post', action: ROUTES.cartAdd, class: classNames('relative z-10 flex flex-col gap-2', className) })}>` +
    productFields +
    hidden('quantity', DEFAULT_ADD_QUANTITY) +
    `<label${attributes({ for: sizeId, class: 'sr-only' })}>${escapeHtml(`Size of ${product.name}`)}</label>` +
    `<select${attributes({ id: sizeId, name: 'variant_id', class: SELECT_CLASS })}><option value="">Choose size</option>${options}</select>` +
    button +
    '</form>'
  );
}
