/**
 * The lines of an order as the server sees them (pure): each requested line
 * resolved to a variant of an active product, lines of one variant merged,
 * and checked against SPEC §9's line limit, the server's own prices and the
 * stock. Failures come back as field errors under the line they are about.
 */
import { MAX_CART_LINE_QUANTITY } from '../../src/lib/constants.ts';
import { paiseToRupeesString } from '../../src/lib/money.ts';
import type { CouponLine } from '../../src/lib/schemas/checkout.ts';
import type { FieldErrors } from '../http/envelope.ts';
import { variantNamed, type OrderableVariant } from './stock.repository.ts';
import { ORDER_LINE_MESSAGES } from '../messages.ts';

export interface OrderLine {
  variant: OrderableVariant;
  quantity: number;
  /** The line total the shopper saw (paise), summed over merged lines; undefined when not sent. */
  shownTotal: number | undefined;
  /** The first requested line it came from (for field errors). */
  index: number;
}

/** "Cotton Kurta (size M)", or the name alone without sizes. */
export function lineLabel(variant: Pick<OrderableVariant, 'product_name' | 'product_variation'>): string {
  return variant.product_variation ? `${variant.product_name} (size ${variant.product_variation})` : variant.product_name;
}

/** Resolves and merges the requested lines; answers field errors instead when any line cannot be ordered as asked. */
export function resolveLines(
  requested: ReadonlyArray<CouponLine & { final_amount?: number }>,
  variants: readonly OrderableVariant[],
): { lines: OrderLine[] } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const byVariant = new Map<number, OrderLine>();
  requested.forEach((line, index) => {
    const field = (name: string) => `products.${index}.${name}`;
    const known = variants.some((v) => v.product_id === line.product_id);
    const variant = variantNamed(variants, line.product_id, line.product_variation);
    if (!known) errors[field('product_id')] = [ORDER_LINE_MESSAGES.productUnavailable];
    else if (!variant) {
      const needsSize = line.product_variation === null;
      errors[field('product_variation')] = [needsSize ? ORDER_LINE_MESSAGES.sizeRequired : ORDER_LINE_MESSAGES.sizeUnavailable];
    } else {
      const merged = byVariant.get(variant.variant_id);
      if (merged) {
        merged.quantity += line.quantity;
        merged.shownTotal = merged.shownTotal === undefined || line.final_amount === undefined ? undefined : merged.shownTotal + line.final_amount;
      } else {
        byVariant.set(variant.variant_id, { variant, quantity: line.quantity, shownTotal: line.final_amount, index });
      }
    }
  });
  for (const line of byVariant.values()) {
    if (line.quantity > MAX_CART_LINE_QUANTITY) errors[`products.${line.index}.quantity`] = [ORDER_LINE_MESSAGES.tooMany];
  }
  return Object.keys(errors).length ? { errors } : { lines: [...byVariant.values()] };
}

/** The lines whose shown total is not the server's price x quantity. */
export function repricedLines(lines: readonly OrderLine[]): OrderLine[] {
  return lines.filter((l) => l.shownTotal !== undefined && l.shownTotal !== l.variant.final_price * l.quantity);
}

/** A line as a 409 'Prices have changed' answers it: what the server charges now. */
export function freshLine(line: OrderLine) {
  return {
    product_id: line.variant.product_id,
    product_variation: line.variant.product_variation,
    quantity: line.quantity,
    final_price: paiseToRupeesString(line.variant.final_price),
    final_amount: paiseToRupeesString(line.variant.final_price * line.quantity),
  };
}

/** Field errors for the lines that ask for more than `stockOf` says is left. */
export function stockErrors(lines: readonly OrderLine[], stockOf: (line: OrderLine) => number): FieldErrors {
  const errors: FieldErrors = {};
  for (const line of lines) {
    const stock = stockOf(line);
    if (line.quantity <= stock) continue;
    const label = lineLabel(line.variant);
    errors[`products.${line.index}.quantity`] = [stock <= 0 ? ORDER_LINE_MESSAGES.soldOut(label) : ORDER_LINE_MESSAGES.lowStock(label, stock)];
  }
  return errors;
}
