import type { Kysely, Transaction } from 'kysely';
import { CANCELLABLE_STATUSES, ORDER_STATUS, ORDERS_PER_PAGE, type OrderStatus } from '../../src/lib/constants.ts';
import type { CancelOrderRequest } from '../../src/lib/schemas/order.ts';
import { giveBackStock, lockProducts, refreshListingColumns } from '../checkout/stock.repository.ts';
import { giveBackUse } from '../coupons/coupon.repository.ts';
import { findSignedInCustomer } from '../customer/customer.service.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { queueMail } from '../mail/mail-queue.service.ts';
import { findShippingAddress } from '../shipping/shipping-address.repository.ts';
import { loadAfterSale } from '../refunds/after-sale.view.ts';
import { queueCancelledLineRefund } from '../refunds/refund.service.ts';
import { ORDER_MAIL } from './order-mail.service.ts';
import { presentOrderLine } from './order.presenter.ts';
import {
  countLinesNotIn,
  findCustomerOrderLine,
  findCustomerOrderLines,
  lockOrderGroup,
  moveStatus,
  recordStatusChanges,
  type OrderLineRow,
  type StatusChange,
} from './order.repository.ts';
import { canMove, shopperMayCancel, statusesBefore } from './order-status.ts';
import { ORDER_MESSAGES } from '../messages.ts';

/**
 * Orders after checkout (SPEC §4 Orders; API-NOTES; SECURITY 17-19): the
 * shopper's list, cancelling a line, and the store's status changes (the
 * command line uses the same functions). A status moves by one conditional
 * statement, and only a line that moved gives its stock back, so a cancel
 * sent ten times at once restores the stock once.
 */
type Db = Kysely<Database>;

/** GET /customer/orders: the customer's data of SPEC §3 and a page of their lines, newest first. */
export async function customerOrders(db: Db, customerId: number, page: number) {
  const customer = await findSignedInCustomer(db, customerId);
  const [{ rows, total }, address] = await Promise.all([
    findCustomerOrderLines(db, customerId, page, ORDERS_PER_PAGE),
    findShippingAddress(db, customerId),
  ]);
  const afterSale = await loadAfterSale(db, rows);
  const lastPage = Math.max(1, Math.ceil(total / ORDERS_PER_PAGE));
  const from = total === 0 ? null : (page - 1) * ORDERS_PER_PAGE + 1;
  return {
    customerData: [
      {
        fullName: `${customer.firstname} ${customer.lastname}`.trim(),
        email: customer.email,
        phone_number: customer.phone_number,
        shipping_address: address ?? null,
      },
    ],
    orders: rows.map((row) => ({ ...presentOrderLine(row), ...afterSale(row) })),
    pagination: {
      current_page: page,
      last_page: lastPage,
      per_page: ORDERS_PER_PAGE,
      total,
      from: rows.length ? from : null,
      to: rows.length ? (from ?? 0) + rows.length - 1 : null,
    },
  };
}

/** POST /customer/cancel-order: the shopper's own line, from SPEC's five statuses only. */
export async function cancelOrderByShopper(db: Db, customerId: number, input: CancelOrderRequest): Promise<void> {
  const line = await findCustomerOrderLine(db, customerId, input.order_id);
  if (!line) throw new ApiError(404, ORDER_MESSAGES.notFound);
  if (!shopperMayCancel(line.status)) throw new ApiError(409, ORDER_MESSAGES.notCancellable);
  const cancelled = await db.transaction().execute((trx) =>
    cancelLine(trx, line, {
      from: CANCELLABLE_STATUSES,
      by: 'shopper',
      reason: input.reject_reason_select,
      text: input.reject_reason_input ?? null,
    }),
  );
  // Another request cancelled it (or the store moved it on) in between.
  if (!cancelled) throw new ApiError(409, ORDER_MESSAGES.notCancellable);
}

interface Cancellation {
  from: readonly string[];
  by: StatusChange['changed_by'];
  reason: string;
  text: string | null;
}

/**
 * Cancels a line if it is still in one of `from`: its stock goes back (under
 * the product's lock, listing columns rewritten), the change is recorded, the
 * coupon's use goes back with the order's last line, and the shopper is
 * mailed. Answers false, changing nothing, when the line had moved on. Locks
 * are taken group, line, products, coupon: the order every stock writer keeps.
 */
export async function cancelLine(trx: Transaction<Database>, line: OrderLineRow, how: Cancellation): Promise<boolean> {
  const stamp = new Date().toISOString();
  // The group first: a parallel cancel of another line of this order waits here, then sees this one cancelled.
  const group = await lockOrderGroup(trx, line.checkout_ref);
  const moved = await moveStatus(trx, Number(line.id), how.from, ORDER_STATUS.cancelled, stamp, { reason: how.reason, text: how.text });
  if (!moved) return false;
  // An unpaid order whose hold ran out has had its stock released already.
  const stockHeld = group?.payment_status !== 'expired';
  if (stockHeld && line.variant_id !== null && line.product_id !== null) {
    await lockProducts(trx, [Number(line.product_id)], stamp);
    await giveBackStock(trx, Number(line.variant_id), Number(line.quantity));
    await refreshListingColumns(trx, [Number(line.product_id)]);
  }
  await recordStatusChanges(trx, [
    { order_id: Number(line.id), from_status: line.status, status: ORDER_STATUS.cancelled, changed_by: how.by, note: how.text ?? how.reason, created_at: stamp },
  ]);
  // A paid line's charge goes back, written here so it is owed exactly when the cancellation commits.
  await queueCancelledLineRefund(trx, line, stamp);
  if (line.coupon_id !== null && (await countLinesNotIn(trx, line.checkout_ref, ORDER_STATUS.cancelled)) === 0) {
    await giveBackUse(trx, Number(line.coupon_id), line.checkout_ref);
  }
  await queueMail(trx, { kind: ORDER_MAIL.cancelled, recipient: line.email, customerId: Number(line.customer_id), details: { orderId: Number(line.id) } });
  return true;
}

export type StatusOutcome = { line: string; from: string; to: OrderStatus; changed: boolean; reason?: string };

/**
 * The store moves lines to `to` (the command line): each only along an
 * allowed transition, by the same guarded statement; a cancellation goes
 * through cancelLine, so the stock comes back as for a shopper's.
 */
export async function setLinesStatus(
  db: Db,
  lines: readonly OrderLineRow[],
  to: OrderStatus,
  note: string | null,
): Promise<StatusOutcome[]> {
  const outcomes: StatusOutcome[] = [];
  for (const line of lines) {
    const base = { line: line.order_number, from: line.status, to };
    if (!canMove(line.status, to)) {
      outcomes.push({ ...base, changed: false, reason: `cannot go from '${line.status}' to '${to}'` });
      continue;
    }
    const changed = await db.transaction().execute(async (trx) => {
      if (to === ORDER_STATUS.cancelled) {
        return cancelLine(trx, line, { from: statusesBefore(to), by: 'store', reason: ORDER_MESSAGES.storeCancelReason, text: note });
      }
      const stamp = new Date().toISOString();
      if (!(await moveStatus(trx, Number(line.id), [line.status], to, stamp))) return false;
      await recordStatusChanges(trx, [{ order_id: Number(line.id), from_status: line.status, status: to, changed_by: 'store', note, created_at: stamp }]);
      return true;
    });
    outcomes.push(changed ? { ...base, changed } : { ...base, changed, reason: 'it changed meanwhile; look again' });
  }
  return outcomes;
}
