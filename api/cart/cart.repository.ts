import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { MAX_CART_LINE_QUANTITY } from '../../src/lib/constants.ts';
import { ACTIVE_STATUS } from '../catalog/listing.repository.ts';
import type { Database } from '../db/schema.ts';

/**
 * Cart lines (`cart_items`): all SQL of the cart. A line's quantity changes
 * only by one conditional statement that reads the variant's stock itself, so
 * parallel adds cannot pass min(5, stock) and never trip the quantity CHECK
 * (SECURITY 13); every statement names the customer (SECURITY 19).
 */
type Db = Kysely<Database> | Transaction<Database>;

/** A variant of an active product as an add sees it, with the shopper's line and wishlist entry. */
export interface VariantOption {
  product_id: number;
  variant_id: number;
  /** Null: the single variant of a product sold without sizes. */
  product_variation: string | null;
  stock: number;
  line_quantity: number | null;
  wishlist_id: number | null;
}

/** Every variant of the given active products, in one query (products missing or hidden are left out). */
export async function findVariantOptions(
  db: Db,
  customerId: number,
  productIds: readonly number[],
): Promise<VariantOption[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('product_variants as pv', 'pv.product_id', 'p.id')
    .leftJoin('cart_items as ci', (join) =>
      join
        .onRef('ci.variant_id', '=', 'pv.id')
        .onRef('ci.product_id', '=', 'p.id')
        .on('ci.customer_id', '=', customerId),
    )
    .select((eb) => [
      'p.id as product_id',
      'pv.id as variant_id',
      'pv.product_variation',
      'pv.stock',
      'ci.quantity as line_quantity',
      eb
        .selectFrom('wishlist_items as w')
        .select('w.id')
        .where('w.customer_id', '=', customerId)
        .whereRef('w.product_id', '=', 'p.id')
        .as('wishlist_id'),
    ])
    .where('p.id', 'in', [...productIds])
    .where('p.status', '=', ACTIVE_STATUS)
    .orderBy('pv.position')
    .orderBy('pv.id')
    .execute();
  return rows.map((r) => ({
    product_id: Number(r.product_id),
    variant_id: Number(r.variant_id),
    product_variation: r.product_variation,
    stock: Number(r.stock),
    line_quantity: r.line_quantity === null ? null : Number(r.line_quantity),
    wishlist_id: r.wishlist_id === null ? null : Number(r.wishlist_id),
  }));
}

export interface LineChange {
  customerId: number;
  productId: number;
  variantId: number;
  /** Non-zero; positive adds, negative takes away. */
  delta: number;
  now: string;
}

export interface ChangedLine {
  cart_id: number;
  quantity: number;
}

const MAX = sql.lit(MAX_CART_LINE_QUANTITY);
/** The most a line of this stock may hold: min(5, stock), written portably. */
const capOf = (stock: RawBuilder<unknown>) =>
  sql<number>`(case when ${stock} < ${MAX} then ${stock} else ${MAX} end)`;
const atMost = (value: RawBuilder<number>, cap: RawBuilder<number>) =>
  sql<number>`(case when ${value} > ${cap} then ${cap} else ${value} end)`;
const stockOf = (variantId: number) =>
  sql<number>`(select product_variants.stock from product_variants where product_variants.id = ${variantId})`;

/**
 * Adds a positive `delta` to the line, creating it when missing: one
 * INSERT ... SELECT ... ON CONFLICT DO UPDATE that takes the variant's stock
 * in the same statement and keeps the line within 1..min(5, stock). Answers
 * nothing when the variant is not an in-stock variant of an active product.
 */
export async function addToLine(db: Db, change: LineChange): Promise<ChangedLine | undefined> {
  const { customerId, productId, variantId, delta, now } = change;
  const amount = sql<number>`cast(${delta} as integer)`;
  const stock = stockOf(variantId);
  const source = db
    .selectFrom('product_variants as pv')
    .innerJoin('products as p', 'p.id', 'pv.product_id')
    .select([
      sql<number>`cast(${customerId} as integer)`.as('customer_id'),
      'pv.product_id',
      'pv.id',
      atMost(amount, capOf(sql`pv.stock`)).as('quantity'),
      sql<string>`${now}`.as('created_at'),
      sql<string>`${now}`.as('updated_at'),
    ])
    // SQLite needs a WHERE here so that ON CONFLICT is not read as a join's ON.
    .where('pv.id', '=', variantId)
    .where('pv.product_id', '=', productId)
    .where('p.status', '=', ACTIVE_STATUS)
    .where('pv.stock', '>', 0);
  const row = await db
    .insertInto('cart_items')
    .columns(['customer_id', 'product_id', 'variant_id', 'quantity', 'created_at', 'updated_at'])
    .expression(source)
    .onConflict((oc) =>
      oc
        .columns(['customer_id', 'product_id', 'variant_id'])
        .doUpdateSet({
          quantity: atMost(sql<number>`cart_items.quantity + ${amount}`, capOf(stock)),
          updated_at: now,
        })
        .where(sql<boolean>`${stock} > 0`),
    )
    .returning(['id', 'quantity'])
    .executeTakeFirst();
  return row ? { cart_id: Number(row.id), quantity: Number(row.quantity) } : undefined;
}

/**
 * Takes a negative `delta` off an existing line in one UPDATE: never below 1,
 * and down to min(5, stock) when the stock has fallen. Answers nothing when
 * the shopper has no such line.
 */
export async function takeFromLine(db: Db, change: LineChange): Promise<ChangedLine | undefined> {
  const { customerId, productId, variantId, delta, now } = change;
  const capped = atMost(sql<number>`cart_items.quantity + cast(${delta} as integer)`, capOf(stockOf(variantId)));
  const row = await db
    .updateTable('cart_items')
    .set({ quantity: sql<number>`(case when ${capped} < 1 then 1 else ${capped} end)`, updated_at: now })
    .where('customer_id', '=', customerId)
    .where('product_id', '=', productId)
    .where('variant_id', '=', variantId)
    .returning(['id', 'quantity'])
    .executeTakeFirst();
  return row ? { cart_id: Number(row.id), quantity: Number(row.quantity) } : undefined;
}

/**
 * Deletes the shopper's line of a product: of the given variant, or (null) of
 * the product's unsized variant. Answers how many lines went (0 or 1).
 */
export async function deleteLine(
  db: Db,
  customerId: number,
  productId: number,
  variantId: number | null,
): Promise<number> {
  let query = db.deleteFrom('cart_items').where('customer_id', '=', customerId).where('product_id', '=', productId);
  query =
    variantId === null
      ? query.where('variant_id', 'in', (eb) =>
          eb
            .selectFrom('product_variants')
            .select('id')
            .where('product_id', '=', productId)
            .where('product_variation', 'is', null),
        )
      : query.where('variant_id', '=', variantId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface CartLineRow {
  cart_id: number;
  product_id: number;
  quantity: number;
  product_name: string;
  product_slug: string;
  cover_image: string;
  retailer_id: number | null;
  wholesaler_id: number | null;
  variant_id: number;
  product_variation: string | null;
  final_price: number;
  stock: number;
}

/** The shopper's lines of active products, newest first, in one query. */
export async function findCartLines(db: Db, customerId: number): Promise<CartLineRow[]> {
  const rows = await db
    .selectFrom('cart_items as ci')
    .innerJoin('products as p', 'p.id', 'ci.product_id')
    .innerJoin('product_variants as pv', 'pv.id', 'ci.variant_id')
    .select([
      'ci.id as cart_id',
      'ci.product_id',
      'ci.quantity',
      'p.name as product_name',
      'p.slug as product_slug',
      'p.cover_image',
      'p.retailer_id',
      'p.wholesaler_id',
      'pv.id as variant_id',
      'pv.product_variation',
      'pv.final_price',
      'pv.stock',
    ])
    .where('ci.customer_id', '=', customerId)
    .where('p.status', '=', ACTIVE_STATUS)
    .orderBy('ci.id', 'desc')
    .execute();
  return rows.map((r) => ({
    ...r,
    cart_id: Number(r.cart_id),
    product_id: Number(r.product_id),
    quantity: Number(r.quantity),
    variant_id: Number(r.variant_id),
    final_price: Number(r.final_price),
    stock: Number(r.stock),
  }));
}
