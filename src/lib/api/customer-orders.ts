/**
 * The shopper's orders (SPEC §7 Checkout and orders; API-NOTES): the list
 * with its customerData and paging (each line with its refund and return),
 * the cancel and the return. Answers are parsed into
 * the storefront's own types (paise as integers) at the seam.
 */
import { z } from 'zod';
import { MESSAGES, REFUND_TEXTS } from '../messages.ts';
import { rupeesToPaise } from '../money.ts';
import type { CustomerOrder, OrderCustomer, OrdersPage } from '../orders.ts';
import type { CancelOrderRequest } from '../schemas/order.ts';
import type { ReturnOrderRequest } from '../schemas/return.ts';
import { AFTER_SALE_FIELDS, afterSaleOf } from './after-sale.ts';
import type { ApiClient, RequestOptions } from './client.ts';
import { parsedCall, readAnswer, type Outcome } from './parsed.ts';

type CallOptions = Pick<RequestOptions, 'signal' | 'key'>;

const text = z.string().nullish().transform((v) => v ?? null);
const paise = z.union([z.string(), z.number()]).transform((v, ctx): number => {
  const value = rupeesToPaise(v);
  if (value === null) {
    ctx.addIssue({ code: 'custom', message: 'not an amount' });
    return z.NEVER;
  }
  return Number(value);
});
const count = z.coerce.number().int().min(0);

const orderSchema = z
  .object({
    order_id: z.coerce.number().int().positive(),
    order_number: z.union([z.string(), z.number()]).transform(String),
    order_date: z.string(),
    status: z.string(),
    payment_method: z.string(),
    price: paise,
    quantity: count,
    final_amount: paise,
    discount_amount: paise.nullish().transform((v) => v ?? 0),
    product_name: z.string(),
    product_slug: text,
    product_variation: text,
    cover_image: text,
    product_images: text,
    ...AFTER_SALE_FIELDS,
  })
  .transform(
    (o): CustomerOrder => ({
      orderId: o.order_id,
      orderNumber: o.order_number,
      orderDate: o.order_date,
      status: o.status,
      paymentMethod: o.payment_method,
      pricePaise: o.price,
      quantity: o.quantity,
      finalAmountPaise: o.final_amount,
      discountPaise: o.discount_amount,
      productName: o.product_name,
      productSlug: o.product_slug,
      productVariation: o.product_variation,
      coverImage: o.cover_image,
      productImages: o.product_images,
      ...afterSaleOf(o),
    }),
  );

const customerSchema = z
  .object({ fullName: z.string().nullish(), email: z.string().nullish(), phone_number: z.string().nullish() })
  .transform((c): OrderCustomer => ({ fullName: c.fullName ?? '', email: c.email ?? '', phoneNumber: c.phone_number ?? '' }));

const ordersAnswer = z
  .object({
    success: z.literal(true),
    data: z.object({
      customerData: z.array(customerSchema).nullish(),
      orders: z.array(orderSchema),
      pagination: z
        .object({ current_page: z.coerce.number().int(), last_page: z.coerce.number().int(), total: z.coerce.number().int() })
        .nullish(),
    }),
  })
  .transform(
    ({ data }): OrdersPage => ({
      orders: data.orders,
      customer: data.customerData?.[0] ?? null,
      currentPage: data.pagination?.current_page ?? 1,
      lastPage: Math.max(1, data.pagination?.last_page ?? 1),
      total: data.pagination?.total ?? data.orders.length,
    }),
  );

/** `GET /customer/orders?page=N`: newest first; 'Failed to fetch orders' when it fails or says nothing. */
export function getCustomerOrders(api: ApiClient, page = 1, options: CallOptions = {}): Promise<Outcome<OrdersPage>> {
  return parsedCall(api, 'GET', '/customer/orders', ordersAnswer, {
    ...options,
    query: page > 1 ? { page } : undefined,
    fallback: MESSAGES.orders.fetchFailed,
  });
}

const doneAnswer = z.object({ success: z.literal(true) }).transform(() => true as const);

/** SPEC's client reads `status`, not `success`: an answer with only `status` counts by it. */
async function postCountedByStatus(api: ApiClient, path: string, payload: object, fallback: string, options: CallOptions): Promise<Outcome<true>> {
  const raw = await api.request<unknown>('POST', path, { ...options, json: payload, fallback });
  const body = raw as { success?: unknown; status?: unknown } | null;
  const read = body && typeof body === 'object' && body.success === undefined ? { ...body, success: body.status === true } : raw;
  return readAnswer(read, doneAnswer, fallback, `POST ${path}`);
}

/** `POST /customer/cancel-order` (SPEC §3 Cancel payload). */
export function cancelCustomerOrder(api: ApiClient, payload: CancelOrderRequest, options: CallOptions = {}): Promise<Outcome<true>> {
  return postCountedByStatus(api, '/customer/cancel-order', payload, MESSAGES.orders.cancelFailed, options);
}

/**
 * `POST /customer/return-order`: asks to return a delivered line, answered
 * like the cancel (404 not the shopper's, 409 not delivered, past its window
 * or asked before, 400 a field's message).
 */
export function returnCustomerOrder(api: ApiClient, payload: ReturnOrderRequest, options: CallOptions = {}): Promise<Outcome<true>> {
  return postCountedByStatus(api, '/customer/return-order', payload, REFUND_TEXTS.returnFailed, options);
}

/** The answer shapes, for the API tests that check the contract from the server's side too. */
export const CUSTOMER_ORDER_ANSWERS = { orders: ordersAnswer, cancelled: doneAnswer, returned: doneAnswer };
