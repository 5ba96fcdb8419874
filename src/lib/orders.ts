/**
 * Pure rules of My Orders and the order details drawer (SPEC §2, §4 Orders,
 * §9): the status as shown, the image to show, the summary's figures (paise)
 * and the date. Safe on the server and in the browser.
 */
import { CANCELLABLE_STATUSES, ORDER_STATUS } from './constants.ts';
import type { LineAfterSale } from './refunds.ts';

/** An order line as the storefront holds it (parsed from GET /customer/orders), with its refund and return. */
export interface CustomerOrder extends LineAfterSale {
  orderId: number;
  orderNumber: string;
  /** ISO time the order was placed. */
  orderDate: string;
  status: string;
  /** 'cod' or another method (prepaid). */
  paymentMethod: string;
  /** Unit price before the discount, in paise. */
  pricePaise: number;
  quantity: number;
  /** Unit price after the discount, in paise. */
  finalAmountPaise: number;
  /** The line's whole discount, in paise. */
  discountPaise: number;
  productName: string;
  productSlug: string | null;
  productVariation: string | null;
  coverImage: string | null;
  productImages: string | null;
}

/** SHIP TO of the drawer: the first element of the answer's customerData (SPEC §2). */
export interface OrderCustomer {
  fullName: string;
  email: string;
  phoneNumber: string;
}

export interface OrdersPage {
  orders: CustomerOrder[];
  customer: OrderCustomer | null;
  currentPage: number;
  lastPage: number;
  total: number;
}

/** SPEC §2: underscores become spaces and each word starts with a capital. */
export function statusLabel(status: string): string {
  return status
    .replace(/_/g, ' ')
    .split(' ')
    .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1) : word))
    .join(' ');
}

/** SPEC §4: Cancel Order is offered only for the five statuses. */
export function canCancel(status: string): boolean {
  return (CANCELLABLE_STATUSES as readonly string[]).includes(status);
}

/** The orders with line `orderId` cancelled: what the server holds once it has said yes to the cancel. */
export function withLineCancelled(orders: readonly CustomerOrder[], orderId: number): CustomerOrder[] {
  return orders.map((order) => (order.orderId === orderId ? { ...order, status: ORDER_STATUS.cancelled } : order));
}

/** SPEC §2: the cover_image, else the first of the comma-separated product_images, else none (a placeholder shows). */
export function orderImage(order: Pick<CustomerOrder, 'coverImage' | 'productImages'>): string | null {
  const cover = order.coverImage?.trim();
  if (cover) return cover;
  const first = order.productImages?.split(',')[0]?.trim();
  return first ? first : null;
}

export interface OrderSummary {
  amountPaise: number;
  quantity: number;
  /** Null when the line has no discount (SPEC §2: shown only when present). */
  discountPaise: number | null;
  subtotalPaise: number;
  totalPaise: number;
}

/** ORDER SUMMARY and TOTAL (SPEC §2, §9): the unit price, price × quantity, and the final unit price × quantity. */
export function orderSummary(order: CustomerOrder): OrderSummary {
  return {
    amountPaise: order.pricePaise,
    quantity: order.quantity,
    discountPaise: order.discountPaise > 0 ? order.discountPaise : null,
    subtotalPaise: order.pricePaise * order.quantity,
    totalPaise: order.finalAmountPaise * order.quantity,
  };
}

/** SPEC §2 PAYMENT. */
export function paymentLabel(method: string): string {
  return method === 'cod' ? 'Cash on Delivery (COD)' : 'Prepaid';
}

// One fixed zone, so the server's HTML and the island's render read the same date.
const DATE_FORMAT = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** '24 Nov 2026' in India's time; the text as given when it is not a date. */
export function orderDateLabel(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : DATE_FORMAT.format(time);
}
