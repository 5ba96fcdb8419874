/** Every number of SPEC §9 (and the few the API adds), named once. */

// Cart
export const MAX_CART_LINE_QUANTITY = 5;
export const MIN_SIGNED_IN_LINE_QUANTITY = 1;
export const DEFAULT_ADD_QUANTITY = 1;

// Money and display
export const PRICE_DECIMALS = 2;
export const CURRENCY_SYMBOL = '₹';
export const SHIPPING_COST_LABEL = 'Free';

// Toasts
export const TOAST_DURATION_ACCOUNT_MS = 5000;
export const TOAST_DURATION_NOTIFICATION_MS = 2000;
export const TOAST_POSITION = 'top-right';
export const TOAST_THEME = 'light';

export const COPY_CONFIRMATION_MS = 2000;

// Images (SPEC §2): a lazy image loads once this share of it is visible.
export const LAZY_IMAGE_VISIBLE_RATIO = 0.2;

/**
 * Widths the media pipeline writes next to each `-640.webp` image. 480 and
 * 800 are what a phone picks (a card at 46vw, the gallery at 100vw, on a
 * 412 px screen at 1.75x): without them it fetched the 640 and 1024 copies,
 * a third more bytes beside the largest paint on a slow connection (decision 035).
 */
export const IMAGE_VARIANT_WIDTHS = [320, 480, 640, 800, 1024] as const;

// Header
export const HEADER_SHRINK_SCROLL_PX = 60;
export const CATEGORY_DROPDOWN_VISIBLE = 10;
export const CATEGORY_DROPDOWN_CLOSE_DELAY_MS = 300;
export const SEARCH_CLOSE_ANIMATION_MS = 400;

// Category carousel
export const CAROUSEL_AUTOPLAY_MS = 3000;
export const CAROUSEL_LOOP_MIN_CATEGORIES = 9; // loops when there are more than 8
/** Slides per view at each minimum viewport width, in px. */
export const CAROUSEL_BREAKPOINTS = { 1280: 8, 1024: 5, 768: 4, 640: 3, 320: 2 } as const;

// Search and listing
export const SUGGESTED_SEARCH_TERMS = [
  'T-Shirts',
  'Shirts',
  'Denims',
  "Men's - Watch",
  "Women's - Watch",
  'Handbags',
  "Men's Shoes",
  'Wallet',
  'Caps',
] as const;
export const DEFAULT_PRODUCT_PAGE = 1;
export const PRODUCTS_PER_PAGE = 12;
/** Highest page number the API accepts; beyond it a request is refused, not scanned. */
export const MAX_PRODUCT_PAGE = 10_000;
export const NEW_ARRIVALS_LIMIT = 12;
export const SEARCH_TEXT_MAX_LENGTH = 100;

/** Catalogue filter bounds, shared by the API's schema and the /shop page (beyond them a value is refused or ignored). */
/** ₹1,00,00,000: no product costs more. */
export const PRICE_FILTER_MAX_RUPEES = 10_000_000;
export const CATEGORY_FILTER_MAX = 50;
export const SIZE_FILTER_MAX = 20;
export const SIZE_NAME_MAX_LENGTH = 40;
/** A /shop category filter longer than this is no category's name and is ignored. */
export const CATEGORY_NAME_MAX_LENGTH = 200;

/** The API's `sort_by` values; the first is the default. */
export const PRODUCT_SORTS = ['newest', 'price_low_high', 'price_high_low', 'name_asc', 'name_desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const DEFAULT_PRODUCT_SORT: ProductSort = 'newest';
/** A search lists at most this many products (84 pages): the newest matches of a common word. */
export const SEARCH_RESULTS_LIMIT = 1000;
/**
 * A listing (and a filtered or sorted search) is counted up to this many
 * products, 1,000 pages: `total` is exact below it and this number at or above
 * it, and pages past it are empty (decision 027).
 */
export const LISTING_COUNT_LIMIT = 12_000;

// Footer
export const FOOTER_FALLBACK_COLOR = '#1f2937';
export const STORE_NAME_FALLBACK = 'Store name';

// Orders
export const ORDER_POPUP_OPEN_DELAY_MS = 10;
export const ORDER_POPUP_CLOSE_DELAY_MS = 300;

// Field lengths
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 50;
export const PASSWORD_MIN_LENGTH = 6;
export const PHONE_DIGITS = 10;
export const PINCODE_DIGITS = 6;

export const CANCEL_REASONS = [
  'Ordered by Mistake',
  'Found Cheaper Elsewhere',
  'Delivery Time is Too Long',
  'Changed My Mind',
  'Product Details Are Incorrect',
  'Payment Issue',
  'Quantity Issue',
  'Not Needed Anymore',
  'Other',
] as const;

/**
 * An order line's status is a phrase (API-NOTES "Checkout and orders"). The
 * five of SPEC §4 a shopper may cancel from, and the ones we added around them.
 */
export const ORDER_STATUS = {
  awaitingPayment: 'awaiting payment',
  paymentFailed: 'payment failed',
  placed: 'order has been placed',
  confirmed: 'order is confirmed',
  dispatchedFromRetailer: 'order has been dispatched from retailer',
  processedByWholesaler: 'order is processed by wholesaler',
  readyForPickup: 'order is ready for pickup',
  shipped: 'order has been shipped',
  outForDelivery: 'order is out for delivery',
  delivered: 'order has been delivered',
  cancelled: 'order has been cancelled',
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** The statuses a shopper may cancel from (SPEC §4 Orders). */
export const CANCELLABLE_STATUSES = [
  ORDER_STATUS.placed,
  ORDER_STATUS.confirmed,
  ORDER_STATUS.dispatchedFromRetailer,
  ORDER_STATUS.processedByWholesaler,
  ORDER_STATUS.readyForPickup,
] as const;

/** Why a shopper returns a delivered line (our list; SPEC has none). 'Other' asks for their own words. */
export const RETURN_REASONS = [
  "Size doesn't fit",
  'Damaged or defective',
  'Wrong item received',
  'Not as described',
  'Changed my mind',
  'Other',
] as const;

/** A return's way, as phrases like the order statuses: requested, then approved or rejected, then received, then refunded. */
export const RETURN_STATUS = {
  requested: 'return requested',
  approved: 'return approved',
  rejected: 'return rejected',
  received: 'return received',
  refunded: 'refunded',
} as const;
export type ReturnStatus = (typeof RETURN_STATUS)[keyof typeof RETURN_STATUS];

/** Days after delivery a line may be returned, when the store has set nothing else. */
export const DEFAULT_RETURN_WINDOW_DAYS = 7;

/**
 * A refund as the shopper sees it: initiated (asked of the provider, or owed
 * by the store for a cash on delivery line), processed, or failed (the store
 * retries it until it goes through).
 */
export const REFUND_STATUSES = ['initiated', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** How long a refund usually takes to reach the shopper once it is initiated (the FAQ says the same). */
export const REFUND_WORKING_DAYS = '5-7';

/** Payment methods of SPEC §1 as the checkout payload names them. */
export const PAYMENT_METHODS = ['cod', 'prepaid'] as const;
/** Most lines one checkout may carry (our bound; SPEC gives none). */
export const MAX_CHECKOUT_LINES = 50;
/** How long a prepaid order's stock is held for its payment. */
export const PAYMENT_HOLD_MS = 30 * 60 * 1000;
/** Orders per page of GET /customer/orders. */
export const ORDERS_PER_PAGE = 50;

/** The fixed checkout user_token constant of SPEC §3 and §9. */
export const CHECKOUT_USER_TOKEN = '{token}';

// Store API client
/** STORE_API_KEY when the environment sets none (a client identifier, not a secret). */
export const DEFAULT_STORE_API_KEY = 'demo-store-key';
/** PORT when the environment sets none; the public origin is then http://localhost:PORT (README: Configuration). */
export const DEFAULT_PORT = 4321;
/** The header that makes a request act once (decision 014); its rule is in src/lib/schemas/idempotency.ts. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** How long a key's first answer is kept for replays; older keys of a scope go when it claims a new one. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

// Home hero (not in SPEC: the hero slider's own pace, slower than the category carousel)
export const HERO_AUTOPLAY_MS = 5000;

// Product detail page (src/pages/products/[slug].astro, src/lib/product-view.ts)
/** A variant with this many or fewer left (and at least one) shows 'Only N left'. */
export const LOW_STOCK_THRESHOLD = 2;
/** Other products of the same category under 'You might also like'. */
export const RELATED_PRODUCTS_LIMIT = 4;
/** The most related products `GET /single-product-details/{slug}?related=N` answers with (as many as a listing page). */
export const RELATED_PRODUCTS_MAX = 12;
/** Meta description length, in characters, cut from the product description. */
export const META_DESCRIPTION_MAX_LENGTH = 160;
