/**
 * The store's side of orders, from the command line (README: Running orders):
 *
 *   npm run orders -- list [--status "order has been placed"] [--limit 50]
 *   npm run orders -- show OD123456789012
 *   npm run orders -- set-status OD123456789012 "order is confirmed" [--note "text"]
 *
 * NUMBER is an order number (every line of the order) or one line's number
 * (OD123456789012-2). Status changes go through the same service as the API:
 * only allowed transitions, recorded in the order's history, and a
 * cancellation gives the stock back and mails the shopper. Uses DATABASE_URL
 * like the server.
 */
import { parseArgs } from 'node:util';
import { readApiConfig } from '../api/config.ts';
import { connect } from '../api/db/connect.ts';
import { migrateToLatest } from '../api/db/migrate.ts';
import { createMailQueue } from '../api/mail/mail-queue.service.ts';
import { createMailTransport } from '../api/mail/mail.transport.ts';
import {
  findGroupLines,
  findOrderGroup,
  findOrderLineByNumber,
  findStatusHistory,
  listOrderLines,
  type OrderLineRow,
} from '../api/orders/order.repository.ts';
import { setLinesStatus } from '../api/orders/order.service.ts';
import { ALL_STATUSES, isOrderStatus } from '../api/orders/order-status.ts';
import { composeStoreMail } from '../api/store-mail.ts';
import { formatPaiseAsRupees } from '../src/lib/money.ts';

const USAGE = `Usage:
  npm run orders -- list [--status STATUS] [--limit N]
  npm run orders -- show NUMBER
  npm run orders -- set-status NUMBER STATUS [--note TEXT]
Statuses: ${ALL_STATUSES.map((s) => `"${s}"`).join(', ')}`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { status: { type: 'string' }, limit: { type: 'string' }, note: { type: 'string' } },
});
const [command, number, status] = positionals;

const config = readApiConfig();
const store = connect({ url: config.databaseUrl });
let exitCode = 0;
try {
  await migrateToLatest(store.db);
  if (command === 'list') await list();
  else if (command === 'show' && number) await show(number);
  else if (command === 'set-status' && number && status) await setStatus(number, status);
  else {
    console.error(USAGE);
    exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await store.close();
}
process.exit(exitCode);

function lineSummary(line: OrderLineRow): string {
  const item = `${line.product_name}${line.product_variation ? ` (${line.product_variation})` : ''} x ${line.quantity}`;
  const total = formatPaiseAsRupees(Number(line.final_amount) * Number(line.quantity));
  return [line.order_number, line.created_at.slice(0, 16).replace('T', ' '), line.status, line.email, item, total].join('  |  ');
}

async function list(): Promise<void> {
  if (values.status && !isOrderStatus(values.status)) throw new Error(`Unknown status "${values.status}".\n${USAGE}`);
  const limit = Number(values.limit ?? 50);
  const lines = await listOrderLines(store.db, { status: values.status, limit: Number.isInteger(limit) && limit > 0 ? limit : 50 });
  if (lines.length === 0) console.log('No orders.');
  for (const line of lines) console.log(lineSummary(line));
}

async function linesOf(orderOrLine: string): Promise<OrderLineRow[]> {
  const line = await findOrderLineByNumber(store.db, orderOrLine);
  const lines = line ? [line] : await findGroupLines(store.db, orderOrLine);
  if (lines.length === 0) throw new Error(`No order ${orderOrLine}.`);
  return lines;
}

async function show(orderOrLine: string): Promise<void> {
  const lines = await linesOf(orderOrLine);
  const first = lines[0]!;
  const group = await findOrderGroup(store.db, first.checkout_ref);
  console.log(`Order ${first.checkout_ref}, placed ${first.created_at}, ${first.payment_method === 'cod' ? 'Cash on Delivery (COD)' : 'Prepaid'}`);
  console.log(`Ship to: ${first.full_name}, ${first.address}, ${first.city}, ${first.state} ${first.pincode}; ${first.phone_number}; ${first.email}`);
  if (group) {
    const discount = Number(group.discount) ? `, discount ${formatPaiseAsRupees(Number(group.discount))}` : '';
    console.log(`Subtotal ${formatPaiseAsRupees(Number(group.subtotal))}${discount}, total ${formatPaiseAsRupees(Number(group.total))}`);
  }
  const history = await findStatusHistory(store.db, lines.map((l) => Number(l.id)));
  for (const line of lines) {
    console.log(`\n${lineSummary(line)}`);
    for (const change of history.filter((h) => Number(h.order_id) === Number(line.id))) {
      const note = change.note ? ` (${change.note})` : '';
      console.log(`  ${change.created_at}  ${change.from_status ?? '-'} -> ${change.status}  by ${change.changed_by}${note}`);
    }
  }
}

async function setStatus(orderOrLine: string, to: string): Promise<void> {
  if (!isOrderStatus(to)) throw new Error(`Unknown status "${to}".\n${USAGE}`);
  const outcomes = await setLinesStatus(store.db, await linesOf(orderOrLine), to, values.note ?? null);
  for (const o of outcomes) {
    console.log(o.changed ? `${o.line}: ${o.from} -> ${o.to}` : `${o.line}: not changed, ${o.reason}`);
  }
  if (!outcomes.some((o) => o.changed)) exitCode = 1;
  // Mail the shopper now (a cancellation notice); a running server's queue would send it too.
  await createMailQueue({ db: store.db, transport: createMailTransport(config), compose: composeStoreMail(config.siteOrigin) }).runOnce();
}
