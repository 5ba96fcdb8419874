import { paiseToRupeesString } from '../../src/lib/money.ts';
import type { OrderLineRow } from './order.repository.ts';

/**
 * An order line as GET /customer/orders answers it (API-NOTES "Checkout and
 * orders"): rupee strings with two decimals; `price` is the unit before the
 * discount, `final_amount` the unit after it, `discount_amount` the line's
 * whole discount, so TOTAL = final_amount x quantity (SPEC §9). `order_number`
 * is the number the shopper was given, shared by the lines of one checkout.
 */
export function presentOrderLine(row: OrderLineRow) {
  return {
    order_id: Number(row.id),
    order_number: row.checkout_ref,
    order_date: row.created_at,
    status: row.status,
    payment_method: row.payment_method,
    price: paiseToRupeesString(Number(row.price)),
    quantity: Number(row.quantity),
    final_amount: paiseToRupeesString(Number(row.final_amount)),
    discount_amount: paiseToRupeesString(Number(row.discount_amount)),
    product_id: row.product_id === null ? null : Number(row.product_id),
    product_name: row.product_name,
    product_slug: row.product_slug,
    product_variation: row.product_variation,
    cover_image: row.cover_image,
    product_images: row.product_images,
    retailer_id: row.retailer_id === null ? null : Number(row.retailer_id),
    wholesaler_id: row.wholesaler_id === null ? null : Number(row.wholesaler_id),
    shipping_address: { address: row.address, pincode: row.pincode, city: row.city, state: row.state },
    cancel_reason: row.cancel_reason,
    cancelled_at: row.cancelled_at,
  };
}
