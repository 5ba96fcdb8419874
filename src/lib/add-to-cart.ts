/**
 * The add-to-cart request of a product form (SPEC §4 Cart, §9: quantity 1..5,
 * default 1), shared by the no-JavaScript post (src/pages/cart/add.ts) and the
 * island that enhances it. Pure: the rules are unit tested apart from both.
 * Errors travel back to the product page as a short code in `?cart_error=`,
 * never as free text, so a link cannot make the page say something else.
 */
import type { AddableProduct, SelectedVariant } from './cart.ts';
import { DEFAULT_ADD_QUANTITY, MAX_CART_LINE_QUANTITY } from './constants.ts';
import type { ProductItem } from './api/catalog.ts';
import { MESSAGES } from './messages.ts';
import { isRupeeAmount } from './money.ts';
import { isPositiveId as isId, isRecord, parseJsonRecord } from './json-record.ts';
import { coverImageOf } from './product-images.ts';

export const CART_ERROR_PARAM = 'cart_error';

/** What a shopper reads for each error code. */
export const CART_ERRORS = {
  size: 'Please select a size',
  'sold-out': 'This size is sold out. Please choose another size.',
  'out-of-stock': 'Sorry, this product is out of stock.',
  full: 'Your cart is full. Sign in to add more items.',
  failed: MESSAGES.cart.addFailed,
} as const;

export type CartErrorCode = keyof typeof CART_ERRORS;

/** The message for a `?cart_error=` value; null for none or an unknown code. */
export function cartErrorMessage(code: string | null | undefined): string | null {
  return code && Object.hasOwn(CART_ERRORS, code) ? CART_ERRORS[code as CartErrorCode] : null;
}

export interface AddRequest {
  productId: number;
  /** The product's slug when the form sent one (product pages and cards do). */
  slug: string | null;
  /** The chosen size; null when none was sent. */
  variantId: number | null;
  quantity: number;
}

/** A plausible product slug: one path segment, no spaces or control characters (another provider's may go beyond [a-z0-9-]). */
export function isSlug(value: unknown): value is string {
  return typeof value === 'string' && /^[^\s/\\?#\p{Cc}]{1,200}$/u.test(value);
}

function positiveId(value: FormDataEntryValue | null): number | null | undefined {
  if (value === null || value === '') return null;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * The fields of a posted form: product_id (required), slug and variant_id
 * (optional), quantity (1..5, default 1). Null when any of them is malformed.
 */
export function parseAddRequest(form: Pick<FormData, 'get'>): AddRequest | null {
  const productId = positiveId(form.get('product_id'));
  const variantId = positiveId(form.get('variant_id'));
  const quantityField = form.get('quantity');
  const quantity = quantityField === null || quantityField === '' ? DEFAULT_ADD_QUANTITY : positiveId(quantityField);
  const slugField = form.get('slug');
  const slug = typeof slugField === 'string' && slugField !== '' ? slugField : null;
  if (!productId || variantId === undefined || !quantity || quantity > MAX_CART_LINE_QUANTITY) return null;
  if (slug !== null && !isSlug(slug)) return null;
  return { productId, slug, variantId, quantity };
}

/** What the cart keeps of a product (from the API's own record, never from the form). */
export function addableProduct(product: ProductItem): AddableProduct {
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    cover_image: coverImageOf(product),
    final_price: product.final_price,
    quantity: Math.max(0, product.quantity),
    retailer_id: product.retailer_id ?? null,
    wholesaler_id: product.wholesaler_id ?? null,
  };
}

/** The product's sizes as cart variants (sold-out ones included, stock 0). */
export function cartVariants(product: Pick<ProductItem, 'productVariations'>): SelectedVariant[] {
  return (product.productVariations ?? []).map((variation) => ({
    id: variation.id,
    product_variation: variation.product_variation.trim(),
    final_price: variation.final_price,
    stock: Math.max(0, variation.stock),
  }));
}

export type AddCheck = { ok: true; variant: SelectedVariant | null } | { ok: false; code: CartErrorCode };

/**
 * Whether `variantId` of a product with `variants` (its sizes; [] when sold
 * without sizes) and total `stock` can go in the cart: a size is required
 * when there are sizes, it must be one of them, and it must be in stock.
 */
export function checkAdd(variants: readonly SelectedVariant[], stock: number, variantId: number | null): AddCheck {
  if (variants.length === 0) {
    if (variantId !== null) return { ok: false, code: 'size' };
    return stock > 0 ? { ok: true, variant: null } : { ok: false, code: 'out-of-stock' };
  }
  if (variants.every((variant) => variant.stock <= 0)) return { ok: false, code: 'out-of-stock' };
  const variant = variants.find((candidate) => candidate.id === variantId);
  if (!variant) return { ok: false, code: 'size' };
  return variant.stock > 0 ? { ok: true, variant } : { ok: false, code: 'sold-out' };
}

/**
 * What a compact control (product card, wishlist row) offers: a one-click add
 * for a product with no size or exactly one, a link to choose among several,
 * or nothing to add when it is sold out.
 */
export type QuickAdd = { kind: 'add'; variant: SelectedVariant | null } | { kind: 'choose' } | { kind: 'sold-out' };

export function quickAdd(variants: readonly SelectedVariant[], stock: number): QuickAdd {
  if (variants.length === 0) return stock > 0 ? { kind: 'add', variant: null } : { kind: 'sold-out' };
  if (variants.every((variant) => variant.stock <= 0)) return { kind: 'sold-out' };
  return variants.length === 1 ? { kind: 'add', variant: variants[0]! } : { kind: 'choose' };
}

/**
 * What an add-to-cart button carries for the script that enhances its form
 * (src/scripts/add-to-cart-forms.ts): the product as the cart keeps it and its
 * sizes, as JSON in a data attribute, so cards need no island and no props.
 */
export interface AddPayload {
  product: AddableProduct;
  variants: SelectedVariant[];
}

export function encodeAddPayload(payload: AddPayload): string {
  return JSON.stringify(payload);
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isOptionalId = (value: unknown) => value === undefined || value === null || isId(value);

function isAddableProduct(product: unknown): product is AddableProduct {
  if (!isRecord(product)) return false;
  return (
    isId(product.id) &&
    typeof product.name === 'string' &&
    typeof product.slug === 'string' &&
    (product.cover_image === undefined || product.cover_image === null || typeof product.cover_image === 'string') &&
    isRupeeAmount(product.final_price) &&
    isCount(product.quantity) &&
    isOptionalId(product.retailer_id) &&
    isOptionalId(product.wholesaler_id)
  );
}

function isVariant(variant: unknown): variant is SelectedVariant {
  if (!isRecord(variant)) return false;
  return isId(variant.id) && typeof variant.product_variation === 'string' && isRupeeAmount(variant.final_price) && isCount(variant.stock);
}

/** The payload of a button's data attribute; null when it is missing or not what encodeAddPayload writes. */
export function decodeAddPayload(text: string | null | undefined): AddPayload | null {
  const { product, variants } = parseJsonRecord(text) ?? {};
  if (!isAddableProduct(product) || !Array.isArray(variants) || !variants.every(isVariant)) return null;
  return { product, variants };
}

/** A quantity field's value as a line quantity: 1..5, the default when missing or malformed. */
export function formQuantity(value: FormDataEntryValue | null): number {
  const number = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : 0;
  return number > 0 ? Math.min(number, MAX_CART_LINE_QUANTITY) : DEFAULT_ADD_QUANTITY;
}

/** A size field's value as a variant id; null when none (or a malformed one) was chosen. */
export function formVariantId(value: FormDataEntryValue | null): number | null {
  return positiveId(value) ?? null;
}
