import type { Kysely, Transaction } from 'kysely';
import { MAX_CART_LINE_QUANTITY } from '../../src/lib/constants.ts';
import { MESSAGES } from '../../src/lib/messages.ts';
import type { AddToCartRequest, GuestCartItem, RemoveFromCartRequest } from '../../src/lib/schemas/cart.ts';
import { rupees } from '../catalog/product.presenter.ts';
import type { Database } from '../db/schema.ts';
import { ApiError, type FieldErrors } from '../http/envelope.ts';
import {
  addToLine,
  deleteLine,
  findCartLines,
  findVariantOptions,
  takeFromLine,
  type CartLineRow,
  type ChangedLine,
  type VariantOption,
} from './cart.repository.ts';
import { CART_SERVICE_MESSAGES } from '../messages.ts';

/** The signed-in cart (SPEC §4-§5, §9; API-NOTES "Cart and wishlist"; SECURITY 13, 19). */
type Db = Kysely<Database>;

/** `status` of an add's result: a new line, a changed one, or one held at min(5, stock). */
export type AddStatus = 'added' | 'updated' | 'limited';

export interface AddResult {
  /** The line's id, so a client knows the line it changed without reading the cart again. */
  cart_id: number;
  product_id: number;
  quantity: number;
  product_stock: number;
  status: AddStatus;
  message: string;
  wishlist_id: number | null;
}

const soldOut = () => new ApiError(409, CART_SERVICE_MESSAGES.soldOut);

/**
 * The variant an add means, or why it cannot be added: the product must be
 * active, the variant its own and in stock; a product with sizes needs one,
 * a product without takes its single variant. Negative adds may take from a
 * sold-out line, so stock is checked only when `needStock`.
 */
function resolveVariant(
  options: readonly VariantOption[],
  productId: number,
  variantId: number | null,
  needStock: boolean,
): VariantOption | ApiError {
  const own = options.filter((o) => o.product_id === productId);
  if (own.length === 0) return new ApiError(404, CART_SERVICE_MESSAGES.productNotFound);
  const chosen =
    variantId === null ? own.find((o) => o.product_variation === null) : own.find((o) => o.variant_id === variantId);
  if (!chosen) {
    if (variantId !== null) return new ApiError(404, CART_SERVICE_MESSAGES.variantNotFound);
    return new ApiError(400, CART_SERVICE_MESSAGES.sizeRequired, { id: [CART_SERVICE_MESSAGES.sizeRequired] });
  }
  return needStock && chosen.stock <= 0 ? soldOut() : chosen;
}

/**
 * Adds `quantity` (negative takes away) to the shopper's line. Answers the
 * line's new state and the answer's message: SPEC §8's text for a new line or
 * for a changed one.
 */
export async function addToCart(
  db: Db,
  customerId: number,
  input: AddToCartRequest,
): Promise<{ result: AddResult; message: string }> {
  const options = await findVariantOptions(db, customerId, [input.product_id]);
  const variant = resolveVariant(options, input.product_id, input.id, input.quantity > 0);
  if (variant instanceof ApiError) throw variant;
  const { product_id: productId, variant_id: variantId } = variant;
  const change = { customerId, productId, variantId, delta: input.quantity, now: now() };
  if (input.quantity < 0) {
    const line = await takeFromLine(db, change);
    if (!line) throw new ApiError(404, CART_SERVICE_MESSAGES.notInCart);
    const wanted = (variant.line_quantity ?? line.quantity) + input.quantity;
    return { result: result(variant, line, wanted, false), message: MESSAGES.cart.cartUpdated };
  }
  const line = await addToLine(db, change);
  // The stock ran out (or the product went) between the read and the write.
  if (!line) throw soldOut();
  // Read before the write: under parallel adds two may both say "added"; the quantity is exact regardless.
  const created = variant.line_quantity === null;
  const wanted = (variant.line_quantity ?? 0) + input.quantity;
  return {
    result: result(variant, line, wanted, created),
    message: created ? MESSAGES.cart.itemAddedServer : MESSAGES.cart.cartUpdated,
  };
}

/** results[0]: a line held below what was asked (5, or a fallen stock) says so. */
function result(variant: VariantOption, line: ChangedLine, wanted: number, created: boolean): AddResult {
  const { cart_id, quantity } = line;
  const limited = wanted > quantity;
  return {
    cart_id,
    product_id: variant.product_id,
    quantity,
    product_stock: variant.stock,
    status: limited ? 'limited' : created ? 'added' : 'updated',
    message: limited
      ? quantity < MAX_CART_LINE_QUANTITY
        ? CART_SERVICE_MESSAGES.lowStock(quantity)
        : CART_SERVICE_MESSAGES.maxQuantity
      : created
        ? MESSAGES.cart.itemAddedServer
        : MESSAGES.cart.cartUpdated,
    wishlist_id: variant.wishlist_id,
  };
}

/** Removes the shopper's own line; another shopper's or a missing one is the same 404. */
export async function removeFromCart(db: Db, customerId: number, input: RemoveFromCartRequest): Promise<void> {
  const removed = await deleteLine(db, customerId, input.product_id, input.variant_id);
  if (removed === 0) throw new ApiError(404, CART_SERVICE_MESSAGES.notInCart);
}

export interface MergeOutcome {
  merged: number;
  errors: FieldErrors;
}

/**
 * Merges a guest cart into the shopper's cart, inside the caller's
 * transaction (all items or none; with its idempotency key, decision 014):
 * each item is summed into its line within min(5, stock); items that cannot
 * be added (unknown or hidden product, wrong size, sold out) are skipped and
 * reported as `cart_items.N`.
 */
export async function mergeGuestCart(
  trx: Transaction<Database>,
  customerId: number,
  items: readonly GuestCartItem[],
): Promise<MergeOutcome> {
  const stamp = now();
  const options = await findVariantOptions(trx, customerId, [...new Set(items.map((i) => i.product_id))]);
  const errors: FieldErrors = {};
  const planned: { index: number; productId: number; variantId: number; delta: number }[] = [];
  items.forEach((item, index) => {
    const variant = resolveVariant(options, item.product_id, item.variant_id, true);
    if (variant instanceof ApiError) errors[`cart_items.${index}`] = [variant.message];
    else planned.push({ index, productId: variant.product_id, variantId: variant.variant_id, delta: item.quantity });
  });
  // One lock order for every merge, so two merges of one shopper cannot deadlock.
  planned.sort((a, b) => a.productId - b.productId || a.variantId - b.variantId || a.index - b.index);
  let merged = 0;
  for (const { index, ...change } of planned) {
    const line = await addToLine(trx, { customerId, ...change, now: stamp });
    if (line) merged += 1;
    else errors[`cart_items.${index}`] = [CART_SERVICE_MESSAGES.soldOut];
  }
  return { merged, errors };
}

/** A line as GET /customer/cart answers it (API-NOTES; `CartLine` of src/lib/cart.ts). */
function presentLine(row: CartLineRow) {
  const finalPrice = rupees(row.final_price);
  return {
    cart_id: row.cart_id,
    product_id: row.product_id,
    ...(row.retailer_id !== null ? { retailer_product_id: row.product_id } : {}),
    product_name: row.product_name,
    product_slug: row.product_slug,
    product_images: row.cover_image || null,
    quantity: row.quantity,
    product_stock: row.stock,
    final_price: finalPrice,
    retailer_id: row.retailer_id,
    wholesaler_id: row.wholesaler_id,
    selected_variant:
      row.product_variation === null
        ? null
        : {
            id: row.variant_id,
            product_variation: row.product_variation,
            final_price: finalPrice,
            stock: row.stock,
          },
  };
}

export async function cartOf(db: Db, customerId: number) {
  return { cart: (await findCartLines(db, customerId)).map(presentLine) };
}

function now(): string {
  return new Date().toISOString();
}
