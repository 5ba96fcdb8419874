import type { Generated } from 'kysely';
import type {
  CouponRedemptionsTable,
  CouponsTable,
  OrderGroupsTable,
  OrdersTable,
  OrderStatusHistoryTable,
  PaymentAttemptsTable,
  PaymentEventsTable,
} from './orders-schema.ts';
import type { PaymentsTable, RefundsTable, ReturnsTable } from './after-sale-schema.ts';

export type { PaymentPurpose, PaymentsTable, RefundReason, RefundRowStatus, RefundsTable, ReturnsTable } from './after-sale-schema.ts';
export type { AttemptStatus, OrderGroupsTable, OrdersTable, PaymentAttemptsTable, PaymentStatus } from './orders-schema.ts';

/** Row types of the migration in migrations/; money in paise, times as ISO text. */
export interface StoreSettingsTable {
  id: number;
  store_name: string;
  logo: Generated<string>;
  email: Generated<string>;
  phone: Generated<string>;
  address: Generated<string>;
  meta_title: Generated<string>;
  meta_description: Generated<string>;
  font_family: Generated<string>;
  background_color: Generated<string>;
  button_background_color: Generated<string>;
  top_header_background_color: Generated<string>;
  header_background_color: Generated<string>;
  footer_background_color: Generated<string>;
  bottom_footer_background_color: Generated<string>;
  banner_type: Generated<string>;
  category_layout: Generated<string>;
  updated_at: string;
  /** Days after delivery a line may be returned (migration 022). */
  return_window_days: Generated<number>;
}

export interface HomeSectionsTable {
  id: Generated<number>;
  section: 'hero' | 'secondary';
  hero_type: 'slider' | 'image' | 'video' | null;
  slider_files: Generated<string>;
  image_url: Generated<string>;
  video_url: Generated<string>;
  title: Generated<string>;
  content: Generated<string>;
  position: Generated<number>;
}

export interface CategoriesTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  slug: string;
  image: Generated<string>;
  variations: Generated<string>;
  position: Generated<number>;
  created_at: string;
}

export interface SellersTable {
  id: Generated<number>;
  kind: 'retailer' | 'wholesaler';
  name: string;
  created_at: string;
}

export interface ProductsTable {
  id: Generated<number>;
  sku: string;
  name: string;
  slug: string;
  description: Generated<string>;
  tags: Generated<string>;
  category_id: number | null;
  sub_category_id: number;
  retailer_id: number | null;
  wholesaler_id: number | null;
  status: Generated<string>;
  cover_image: Generated<string>;
  product_images: Generated<string>;
  old_price: Generated<number>;
  new_price: Generated<number>;
  min_final_price: Generated<number>;
  max_final_price: Generated<number>;
  total_stock: Generated<number>;
  size_keys: Generated<string>;
  in_stock_size_keys: Generated<string>;
  /** Sized variants' final prices by size key, "|m=0000029900|" as UTF-8 bytes (api/catalog/size-keys.ts). */
  size_prices: Generated<Uint8Array>;
  search_text: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface ProductVariantsTable {
  id: Generated<number>;
  product_id: number;
  product_variation: string | null;
  size_key: string | null;
  old_price: number;
  price: number;
  final_price: number;
  stock: number;
  position: Generated<number>;
  /** The store's SKU for the variant (an import's), unique where given (migration 023). */
  sku: Generated<string | null>;
}

/** A stored file by the path clients load it from (migration 023). */
export interface MediaTable {
  path: string;
  content_type: string;
  bytes: Uint8Array;
  size: number;
  etag: string;
  created_at: string;
}

export interface CustomersTable {
  id: Generated<number>;
  firstname: Generated<string>;
  lastname: Generated<string>;
  email: string | null;
  phone_number: string | null;
  alt_phone_number: string | null;
  password_hash: string | null;
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  customer_id: number;
  token_hash: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface OtpsTable {
  id: Generated<number>;
  phone_number: string;
  purpose: 'login' | 'checkout' | 'register';
  code_hash: string;
  attempts: Generated<number>;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
}

export interface OneTimeTokensTable {
  id: Generated<number>;
  customer_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  /** The address the link was mailed to (null on rows from before it was kept). */
  email: string | null;
}

export type MailJobState = 'queued' | 'ready' | 'failed';

export interface MailQueueTable {
  id: Generated<number>;
  kind: string;
  recipient: string;
  customer_id: number | null;
  details: Generated<string>;
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
  state: Generated<MailJobState>;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
}

export interface RateLimitsTable {
  bucket: string;
  hits: number;
  window_ends_at: string;
}

export interface CartItemsTable {
  id: Generated<number>;
  customer_id: number;
  product_id: number;
  variant_id: number;
  quantity: number;
  created_at: string;
  updated_at: string;
}

export interface WishlistItemsTable {
  id: Generated<number>;
  customer_id: number;
  product_id: number;
  created_at: string;
}

export interface ShippingAddressesTable {
  id: Generated<number>;
  customer_id: number;
  firstname: Generated<string>;
  lastname: Generated<string>;
  phone_number: Generated<string>;
  alt_phone_number: string | null;
  address: string;
  pincode: string;
  city: string;
  state: string;
  updated_at: string;
}

export interface IdempotencyKeysTable {
  scope: string;
  idempotency_key: string;
  request_hash: string;
  response_status: number | null;
  response_body: string | null;
  created_at: string;
}

/** One row (id 1): bumped by triggers on every catalogue change (decision 023). */
export interface CatalogueVersionTable {
  id: number;
  version: number | string | bigint;
}

export interface Database {
  store_settings: StoreSettingsTable;
  home_sections: HomeSectionsTable;
  categories: CategoriesTable;
  sellers: SellersTable;
  products: ProductsTable;
  product_variants: ProductVariantsTable;
  customers: CustomersTable;
  sessions: SessionsTable;
  otps: OtpsTable;
  password_reset_tokens: OneTimeTokensTable;
  email_verification_tokens: OneTimeTokensTable;
  rate_limits: RateLimitsTable;
  mail_queue: MailQueueTable;
  cart_items: CartItemsTable;
  wishlist_items: WishlistItemsTable;
  shipping_addresses: ShippingAddressesTable;
  coupons: CouponsTable;
  orders: OrdersTable;
  coupon_redemptions: CouponRedemptionsTable;
  order_groups: OrderGroupsTable;
  order_status_history: OrderStatusHistoryTable;
  payment_attempts: PaymentAttemptsTable;
  payment_events: PaymentEventsTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  returns: ReturnsTable;
  idempotency_keys: IdempotencyKeysTable;
  catalogue_version: CatalogueVersionTable;
  media: MediaTable;
}

