/**
 * Wire shapes of the store API contract (SPEC §7 plus /work/shared/API-NOTES.md).
 * Field names stay snake_case as on the wire. Everything the server may leave out
 * is optional: the storefront must render with whatever arrives.
 */

/** A response message: SPEC §8 allows a string or a list of strings. */
export type ApiMessage = string | string[];

/** `{ field: [messages] }` for validation failures. */
export type FieldErrors = Record<string, string[]>;

/**
 * Every failure, from the server or made up by the client (network, non-JSON,
 * timeout; those always carry the caller's fallback message). A server body may
 * lack `message`: read texts through `failureMessages()` in client.ts.
 */
export interface ApiFailure {
  success: false;
  message?: ApiMessage;
  errors?: FieldErrors;
}

/** The usual success envelope `{ success, message, data }`. */
export interface ApiSuccess<D> {
  success: true;
  message?: ApiMessage;
  data: D;
}

/**
 * What `ApiClient.request<T>` resolves to: the parsed body `T`, a failure, or
 * null when the request was cancelled (SPEC §7 Behaviour).
 */
export type ApiResult<T> = T | ApiFailure | null;

// ---------------------------------------------------------------- store info

/** A category as the UI calls it (the API's sub-category). */
export interface Category {
  id: number;
  name: string;
  image?: string | null;
}

export interface StoreInfo {
  store_name?: string | null;
  /** URL, or "" when the store has no logo. */
  logo?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  meta_title?: string | null;
  meta_description?: string | null;
  fontFamily?: string | null;
  backgroundColor?: string | null;
  buttonBackgroundColor?: string | null;
  topHeaderBackgroundColor?: string | null;
  headerBackgroundColor?: string | null;
  footerBackgroundColor?: string | null;
  bottomFooterBackgroundColor?: string | null;
  /** Default 'slider' (SPEC §3). */
  bannerType?: string | null;
  /** Default 'swiper' (SPEC §3). */
  categoryLayout?: string | null;
}

/** `POST /store-info`: not wrapped in `data`. */
export interface StoreInfoResponse {
  success: true;
  message?: ApiMessage;
  storeinfo: StoreInfo;
  sub_category_list: Category[];
}

// ------------------------------------------------------------ home sections

export interface HeroSection {
  section: 'hero';
  hero_type: 'slider' | 'image' | 'video';
  slider_files?: string[];
  image_url?: string | null;
  video_url?: string | null;
  title?: string | null;
  /** HTML, sanitised by the API; sanitise again before rendering. */
  content?: string | null;
}

export interface SecondarySection {
  section: 'secondary';
  image_url?: string | null;
  title?: string | null;
  content?: string | null;
}

export type HomeSection = HeroSection | SecondarySection;
export type HomeSectionsResponse = ApiSuccess<HomeSection[]>;

// ------------------------------------------------------------------ products

/** Money fields are rupee strings with two decimals ("1299.00"). */
export interface ProductVariation {
  id: number;
  product_id: number;
  product_variation: string;
  old_price: string;
  price: string;
  stock: number;
  final_price: string;
}

export interface ProductItem {
  id: number;
  sku?: string | null;
  name: string;
  slug: string;
  description?: string | null;
  tags?: string | null;
  retailer_id?: number | null;
  wholesaler_id?: number | null;
  category_id?: number | null;
  sub_category_id?: number | null;
  status?: string;
  /** Total stock. */
  quantity: number;
  /** 'in_stock' while the total stock is above 0. */
  stock_status?: 'in_stock' | 'out_of_stock';
  old_price?: string | null;
  new_price?: string | null;
  /** Lowest final price over the variations. */
  final_price: string;
  /** Comma-separated URLs. */
  product_images?: string | null;
  cover_image?: string | null;
  created_at?: string;
  productVariations?: ProductVariation[];
}

/** The provider's paginator object (API-NOTES: Conventions). */
export interface Paginator<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
}

export type NewArrivalsResponse = ApiSuccess<{ products: ProductItem[] }>;

/** `POST /get-products` and `POST /search-products`. */
export type ProductListResponse = ApiSuccess<{
  products: Paginator<ProductItem>;
  sub_categories?: Category[];
  /** Present when the `product_id` filter asked for one product. */
  product?: ProductItem;
}>;

export type ProductDetailsResponse = ApiSuccess<{ product: ProductItem }>;

export type SubcategoryVariationsResponse = ApiSuccess<{ sub_category_variation: string | null }[]>;

/** Filters of `POST /get-products` (SPEC §7, API-NOTES: Catalogue). */
export interface ProductFilters {
  /** Category ids; sent comma-joined as `sub_category`. */
  sub_category?: Array<number | string>;
  /** Rupees. */
  min_price?: number | string;
  max_price?: number | string;
  /** Variation names (e.g. "M"); sent comma-joined. */
  size?: string[];
  in_stock?: boolean;
  out_of_stock?: boolean;
  /** Sort key as the API names it (at least newest, price low-high, price high-low). */
  sort_by?: string;
  product_id?: number | string;
}

// ---------------------------------------------------------- accounts and OTP
// SPEC §3 User object, §7 Account and OTP; shapes as api/customer and api/otp
// answer them (mirrored here: src/ never imports from api/).

/** The customer of SPEC §3 as the API presents it. */
export interface Customer {
  id?: number;
  firstname?: string | null;
  lastname?: string | null;
  email?: string | null;
  phone_number?: string | null;
  alt_phone_number?: string | null;
}

/** SPEC §3 User object: what auth state keeps (token is the bearer). */
export interface AuthUser {
  customer?: Customer;
  token?: string;
  email_verification_token?: string;
  is_existing_customer?: boolean;
}

export interface RegisterRequest {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  phone_number?: string;
}
export interface LoginCredentials {
  email: string;
  password: string;
}
export interface ForgotPasswordPayload {
  email: string;
}
export interface TokenPasswordPayload {
  token: string;
  password: string;
  password_confirmation: string;
}
/** SPEC §7: confirm_password is set equal to new_password by the caller's form. */
export interface ChangePasswordPayload {
  old_password: string;
  new_password: string;
  confirm_password: string;
}
export interface AccountDetailsPayload {
  firstname: string;
  lastname: string;
}
export interface GuestDetailsPayload {
  firstname: string;
  lastname: string;
  email: string;
  password?: string;
  alt_phone_number?: string;
}
/** `POST /customer/change-email`: the new address and the current password. */
export interface ChangeEmailPayload {
  email: string;
  password: string;
}
export interface OtpSendPayload {
  mobile: string;
}
export interface OtpVerifyPayload {
  mobile: string;
  otp: string;
}

/** `{ success, message }` with no data. */
export interface ApiMessageOnly {
  success: true;
  message?: ApiMessage;
}

export type RegisterResponse = ApiSuccess<AuthUser>;
export type LoginResponse = ApiSuccess<{ token: string; customer: Customer }>;
export type AccountResponse = ApiSuccess<Customer>;
export type GuestDetailsResponse = ApiSuccess<{ customer: Customer }>;
/** The customer as it stands: the email changes only once the new address's link is opened. */
export type ChangeEmailResponse = ApiSuccess<{ customer: Customer }>;
/** `data.otp` only in demo mode (no SMS sender configured). */
export type OtpSendResponse = ApiSuccess<{ otp?: string }>;
export type LoginOtpVerifyResponse = ApiSuccess<{ token: string; customer: Customer }>;
export type CheckoutOtpVerifyResponse = ApiSuccess<{ token: string; customer: Customer; is_existing_customer: boolean }>;
