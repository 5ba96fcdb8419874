import { sql, type Kysely } from 'kysely';
import { PostgresAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder } from 'kysely';

/**
 * The whole product's schema in one frozen migration, so later features add
 * behaviour, not reshapes. Money is integer paise, times are ISO-8601 text
 * (node:sqlite cannot bind Date), flags are integers 0/1 in both dialects.
 * Never edit this file after it lands: add a new migration instead.
 */
type Db = Kysely<unknown>;
type Table = CreateTableBuilder<string, never>;

export async function up(db: Db): Promise<void> {
  const postgres = isPostgres(db);
  const id = (t: Table): Table =>
    postgres
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const required = (c: ColumnDefinitionBuilder) => c.notNull();

  await db.schema
    .createTable('store_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('store_name', 'text', (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('meta_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('meta_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('font_family', 'text', (c) => c.notNull().defaultTo('Instrument Sans'))
    .addColumn('background_color', 'text', (c) => c.notNull().defaultTo('#ffffff'))
    .addColumn('button_background_color', 'text', (c) => c.notNull().defaultTo('#111111'))
    .addColumn('top_header_background_color', 'text', (c) => c.notNull().defaultTo('#111111'))
    .addColumn('header_background_color', 'text', (c) => c.notNull().defaultTo('#FFFFFF'))
    .addColumn('footer_background_color', 'text', (c) => c.notNull().defaultTo('#111111'))
    .addColumn('bottom_footer_background_color', 'text', (c) => c.notNull().defaultTo('#FFF7F2'))
    .addColumn('banner_type', 'text', (c) => c.notNull().defaultTo('slider'))
    .addColumn('category_layout', 'text', (c) => c.notNull().defaultTo('swiper'))
    .addColumn('updated_at', 'text', required)
    .execute();

  await id(db.schema.createTable('home_sections'))
    .addColumn('section', 'text', (c) => c.notNull().check(sql`section in ('hero', 'secondary')`))
    .addColumn('hero_type', 'text', (c) => c.check(sql`hero_type in ('slider', 'image', 'video')`))
    .addColumn('slider_files', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('video_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await id(db.schema.createTable('categories'))
    .addColumn('parent_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    // The sub-category's variation options ("S, M, L"), as the provider keeps them.
    .addColumn('variations', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', required)
    .execute();

  await id(db.schema.createTable('sellers'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('retailer', 'wholesaler')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', required)
    .execute();

  await id(db.schema.createTable('products'))
    .addColumn('sku', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category_id', 'integer', (c) => c.references('categories.id'))
    .addColumn('sub_category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('retailer_id', 'integer', (c) => c.references('sellers.id'))
    .addColumn('wholesaler_id', 'integer', (c) => c.references('sellers.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('cover_image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('product_images', 'text', (c) => c.notNull().defaultTo(''))
    // Denormalised from product_variants so listings filter and sort on one row.
    .addColumn('old_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('new_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_final_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_final_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_stock', 'integer', (c) => c.notNull().defaultTo(0).check(sql`total_stock >= 0`))
    // Size keys of the sized variants, all and in stock, as "|m|l|": the size
    // filter reads them from the listing index instead of probing variants.
    .addColumn('size_keys', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('in_stock_size_keys', 'text', (c) => c.notNull().defaultTo(''))
    // name, tags, category name and plain-text description, for full-text search.
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', required)
    .addColumn('updated_at', 'text', required)
    .addCheckConstraint(
      'products_one_seller',
      sql`(retailer_id is null and wholesaler_id is not null) or (retailer_id is not null and wholesaler_id is null)`,
    )
    .execute();

  // Every product has at least one variant row; product_variation is null for
  // the single row of a product sold without sizes. Stock lives only here.
  await id(db.schema.createTable('product_variants'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('product_variation', 'text')
    .addColumn('size_key', 'text')
    .addColumn('old_price', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('final_price', 'integer', (c) => c.notNull().check(sql`final_price >= 0`))
    .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('product_variants_product_size', ['product_id', 'size_key'])
    .execute();

  await id(db.schema.createTable('customers'))
    .addColumn('firstname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lastname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('phone_number', 'text', (c) => c.unique())
    .addColumn('alt_phone_number', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('email_verified_at', 'text')
    .addColumn('created_at', 'text', required)
    .addColumn('updated_at', 'text', required)
    .execute();

  await id(db.schema.createTable('sessions'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', required)
    .addColumn('last_used_at', 'text', required)
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await id(db.schema.createTable('otps'))
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('login', 'checkout', 'register')`))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .addColumn('created_at', 'text', required)
    .execute();

  for (const table of ['password_reset_tokens', 'email_verification_tokens']) {
    await id(db.schema.createTable(table))
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', required)
      .execute();
  }

  // Fixed-window counters shared by every process (login, OTP, coupon, checkout).
  await db.schema
    .createTable('rate_limits')
    .addColumn('bucket', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'text', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('cart_items'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('product_variants.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 5`))
    .addColumn('created_at', 'text', required)
    .addColumn('updated_at', 'text', required)
    .addUniqueConstraint('cart_items_line', ['customer_id', 'product_id', 'variant_id'])
    .execute();

  await id(db.schema.createTable('wishlist_items'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', 'text', required)
    .addUniqueConstraint('wishlist_items_line', ['customer_id', 'product_id'])
    .execute();

  await id(db.schema.createTable('shipping_addresses'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().unique().references('customers.id').onDelete('cascade'))
    .addColumn('firstname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lastname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('alt_phone_number', 'text')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('pincode', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', required)
    .execute();

  await id(db.schema.createTable('coupons'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent', 'flat')`))
    // percent: 1..100; flat: paise.
    .addColumn('value', 'integer', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('min_order_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_discount', 'integer')
    .addColumn('starts_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('usage_limit', 'integer')
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', required)
    .addCheckConstraint('coupons_usage_within_limit', sql`usage_limit is null or used_count <= usage_limit`)
    .execute();

  // One row per product line; lines of one checkout share checkout_ref.
  await id(db.schema.createTable('orders'))
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    .addColumn('checkout_ref', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('variant_id', 'integer', (c) => c.references('product_variants.id').onDelete('set null'))
    .addColumn('retailer_id', 'integer')
    .addColumn('wholesaler_id', 'integer')
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_slug', 'text', (c) => c.notNull())
    .addColumn('product_variation', 'text')
    .addColumn('cover_image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('product_images', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('final_amount', 'integer', (c) => c.notNull())
    .addColumn('discount_amount', 'integer', (c) => c.notNull().defaultTo(0).check(sql`discount_amount >= 0`))
    .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull().check(sql`payment_method in ('cod', 'prepaid')`))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('alt_phone_number', 'text')
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pincode', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cancel_reason', 'text')
    .addColumn('cancel_reason_text', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('created_at', 'text', required)
    .addColumn('updated_at', 'text', required)
    .execute();

  await id(db.schema.createTable('coupon_redemptions'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('checkout_ref', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', required)
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', required)
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'idempotency_key'])
    .execute();

  await createIndexes(db);
  await createSearch(db, postgres);
}

async function createIndexes(db: Db): Promise<void> {
  const indexes: Array<[string, string, string[]]> = [
    ['categories_position', 'categories', ['position', 'id']],
    ['product_variants_filter', 'product_variants', ['product_id', 'size_key', 'final_price', 'stock']],
    ['sessions_customer', 'sessions', ['customer_id']],
    ['otps_phone_purpose', 'otps', ['phone_number', 'purpose', 'created_at']],
    ['password_reset_tokens_customer', 'password_reset_tokens', ['customer_id']],
    ['email_verification_tokens_customer', 'email_verification_tokens', ['customer_id']],
    ['cart_items_customer', 'cart_items', ['customer_id', 'id']],
    ['wishlist_items_customer', 'wishlist_items', ['customer_id', 'id']],
    ['orders_customer', 'orders', ['customer_id', 'created_at']],
    ['orders_checkout', 'orders', ['checkout_ref']],
  ];
  for (const [name, table, columns] of indexes) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
  // Listing indexes, one per sort, with and without a leading category, each
  // carrying every column a /get-products filter reads: a listing is filtered,
  // counted and ordered from the index alone, never from product rows.
  for (const [sort, column] of [['newest', 'created_at'], ['price', 'min_final_price'], ['name', 'name']]) {
    for (const category of [false, true]) {
      const leading = [...(category ? ['sub_category_id'] : []), 'status', column!, 'id'];
      const columns = [...leading, ...LISTING_FILTER_COLUMNS.filter((c) => !leading.includes(c))];
      const name = `products_listing_${category ? 'category_' : ''}${sort}`;
      await db.schema.createIndex(name).on('products').columns(columns).execute();
    }
  }
}

const LISTING_FILTER_COLUMNS = [
  'sub_category_id',
  'min_final_price',
  'max_final_price',
  'total_stock',
  'size_keys',
  'in_stock_size_keys',
];

/**
 * Full-text search over products.search_text, for active products only (a
 * search then reads the text index alone): FTS5 kept by triggers on SQLite, a
 * generated tsvector with a partial GIN index on PostgreSQL.
 */
async function createSearch(db: Db, postgres: boolean): Promise<void> {
  if (postgres) {
    await sql`alter table products add column search_vector tsvector
      generated always as (to_tsvector('english', search_text)) stored`.execute(db);
    await sql`create index products_search on products using gin (search_vector) where status = 'active'`.execute(db);
    return;
  }
  await sql`create virtual table products_fts using fts5(
      search_text, content='products', content_rowid='id', tokenize='porter unicode61')`.execute(db);
  await sql`create trigger products_fts_insert after insert on products when new.status = 'active' begin
      insert into products_fts(rowid, search_text) values (new.id, new.search_text);
    end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products when old.status = 'active' begin
      insert into products_fts(products_fts, rowid, search_text) values ('delete', old.id, old.search_text);
    end`.execute(db);
  await sql`create trigger products_fts_unlist after update of search_text, status on products
      when old.status = 'active' begin
      insert into products_fts(products_fts, rowid, search_text) values ('delete', old.id, old.search_text);
    end`.execute(db);
  await sql`create trigger products_fts_list after update of search_text, status on products
      when new.status = 'active' begin
      insert into products_fts(rowid, search_text) values (new.id, new.search_text);
    end`.execute(db);
}

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
