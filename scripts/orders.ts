/**
 * The store's side of orders, from the command line (README: Running orders):
 *
 *   npm run orders -- list [--status "order has been placed"] [--limit 50]
 *   npm run orders -- show OD123456789012
 *   npm run orders -- set-status OD123456789012 "order is confirmed" [--note "text"]
 *   npm run orders -- returns | approve | reject | receive | refund-cod | refunds (scripts/orders-after-sale.ts)
 *
 * NUMBER is an order number (every line of the order) or one line's number
 * (OD123456789012-2). Status changes go through the same service as the API:
 * only allowed transitions, recorded in the order's history, and a
 * cancellation gives the stock back, refunds a paid line and mails the shopper.
 * Refunds and mail owed are sent before the command ends (a running server
 * sends them too). Uses DATABASE_URL and the payment settings like the server.
 */
import { parseArgs } from 'node:util';
import { readApiConfig } from '../api/config.ts';
import { connect } from '../api/db/connect.ts';
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
import { createRefundQueue } from '../api/refunds/refund-queue.ts';
import { refundProviders } from '../api/refunds/refund.service.ts';
import { runCommand } from './command-runner.ts';
import {
  AFTER_SALE_USAGE,
  afterSaleOf,
  listRefundsCommand,
  listReturnsCommand,
  paymentsOf,
  refundCodCommand,
  returnStepCommand,
} from './orders-after-sale.ts';
import { formatPaiseAsRupees } from '../src/lib/money.ts';

const USAGE = `Usage:
  npm run orders -- list [--status STATUS] [--limit N]
  npm run orders -- show NUMBER
  npm run orders -- set-status NUMBER STATUS [--note TEXT]
${AFTER_SALE_USAGE}
LINE is one line's number (OD123456789012-2).
Statuses: ${ALL_STATUSES.map((s) => `"${s}"`).join(', ')}`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    status: { type: 'string' },
    limit: { type: 'string' },
    note: { type: 'string' },
    reference: { type: 'string' },
    failed: { type: 'boolean' },
  },
});
const [command, number, status] = positionals;
const READ_ONLY = new Set(['list', 'show', 'returns', 'refunds']);

const config = readApiConfig();
const store = connect({ url: config.databaseUrl });
let exitCode = 0;
await runCommand(store, USAGE, async () => {
  if (command === 'list') await list();
  else if (command === 'show' && number) await show(number);
  else if (command === 'set-status' && number && status) await setStatus(number, status);
  else if (command === 'returns') await listReturnsCommand(store.db, values.status);
  else if ((command === 'approve' || command === 'reject' || command === 'receive') && number) {
    if (!(await returnStepCommand(store.db, await oneLine(number), command, values.note))) exitCode = 1;
  } else if (command === 'refund-cod' && number) {
    if (!(await refundCodCommand(store.db, await oneLine(number), values.reference))) exitCode = 1;
  } else if (command === 'refunds') await listRefundsCommand(store.db, values.failed ?? false);
  else return 'usage';
  // A change may owe a refund or a mail even when it changed only some lines.
  if (!READ_ONLY.has(command ?? '')) await sendOwed();
  return exitCode;
});

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

/** Refunds and mail the command made owed: sent now (a running server's queues would send them too). */
async function sendOwed(): Promise<void> {
  const mail = createMailQueue({ db: store.db, transport: createMailTransport(config), compose: composeStoreMail(config.siteOrigin) });
  await createRefundQueue({ db: store.db, providers: refundProviders(config.payment) }).runOnce();
  await mail.runOnce();
}

async function oneLine(lineNumber: string): Promise<OrderLineRow> {
  const line = await findOrderLineByNumber(store.db, lineNumber);
  if (!line) throw new Error(`No order line ${lineNumber} (a line's number ends in -1, -2, ...).`);
  return line;
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
    for (const payment of await paymentsOf(store.db, group.order_number)) console.log(payment);
  }
  const history = await findStatusHistory(store.db, lines.map((l) => Number(l.id)));
  const afterSale = await afterSaleOf(store.db, lines);
  for (const line of lines) {
    console.log(`\n${lineSummary(line)}`);
    for (const part of afterSale.get(Number(line.id)) ?? []) console.log(`  ${part}`);
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
}
