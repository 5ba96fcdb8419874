/** Catalogue calls (SPEC §7 Catalogue, request shapes from API-NOTES.md). */
import { DEFAULT_PRODUCT_PAGE } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import type { ApiClient, ParamValue } from './client.ts';
import type {
  ApiResult,
  NewArrivalsResponse,
  ProductDetailsResponse,
  ProductFilters,
  ProductItem,
  ProductListResponse,
  SubcategoryVariationsResponse,
} from './types.ts';

export interface CallOptions {
  signal?: AbortSignal;
  /** See RequestOptions.key: a newer call with the same key cancels this one. */
  key?: string;
  /** See RequestOptions.token: overrides the client's bearer token (the server reads it from the session cookie). */
  token?: string | null;
}

/** `GET /new-arrivals`. SPEC §8 uses the store-information fallback for it. */
export function getNewArrivals(api: ApiClient, options: CallOptions = {}): Promise<ApiResult<NewArrivalsResponse>> {
  return api.get<NewArrivalsResponse>('/new-arrivals', { ...options, fallback: MESSAGES.catalogue.storeInfoFailed });
}

/**
 * The products of a new-arrivals answer; [] on failure. Reads `data.products`
 * (our API) and also `data.data` (SPEC's reading of the provider).
 */
export function newArrivalsOf(result: ApiResult<NewArrivalsResponse> | undefined): ProductItem[] {
  if (!result || result.success !== true) return [];
  const data = result.data as { products?: unknown; data?: unknown } | undefined;
  const list = Array.isArray(data?.products) ? data.products : Array.isArray(data?.data) ? data.data : [];
  return list as ProductItem[];
}

/** The multipart fields of `POST /get-products` for some filters (string values). */
export function productFilterFields(filters: ProductFilters): Record<string, ParamValue> {
  const joined = (list: Array<string | number> | undefined) =>
    (list ?? []).map((item) => String(item).trim()).filter(Boolean).join(',') || undefined;
  const text = (value: string | number | undefined) =>
    value === undefined || String(value).trim() === '' ? undefined : String(value).trim();
  return {
    sub_category: joined(filters.sub_category),
    min_price: text(filters.min_price),
    max_price: text(filters.max_price),
    size: joined(filters.size),
    in_stock: filters.in_stock ? '1' : undefined,
    out_of_stock: filters.out_of_stock ? '1' : undefined,
    sort_by: text(filters.sort_by),
    product_id: text(filters.product_id),
  };
}

/** `POST /get-products?page={page}` with a multipart form of the filters (SPEC §7). */
export function getProducts(
  api: ApiClient,
  filters: ProductFilters = {},
  page: number = DEFAULT_PRODUCT_PAGE,
  options: CallOptions = {},
): Promise<ApiResult<ProductListResponse>> {
  return api.post<ProductListResponse>('/get-products', {
    ...options,
    query: { page: validPage(page) },
    form: productFilterFields(filters),
    fallback: MESSAGES.catalogue.productsFailed,
  });
}

/**
 * `POST /search-products` `{ search, page? }`: the same answer shape as
 * get-products. Optional `filters` (the get-products ones, no product_id)
 * narrow and sort the search; only the ones set are sent, so a plain search
 * is still `{ search, page }` (docs/decisions/008). Last so existing calls
 * with options keep their meaning.
 */
export function searchProducts(
  api: ApiClient,
  search: string,
  page?: number,
  options: CallOptions = {},
  filters: ProductFilters = {},
): Promise<ApiResult<ProductListResponse>> {
  const fields = Object.entries(productFilterFields({ ...filters, product_id: undefined })).filter(
    ([, value]) => value !== undefined,
  );
  return api.post<ProductListResponse>('/search-products', {
    ...options,
    json: {
      search: search.trim(),
      ...(page === undefined ? {} : { page: validPage(page) }),
      ...Object.fromEntries(fields),
    },
    fallback: MESSAGES.catalogue.searchFailed,
  });
}

/** `GET /single-product-details/{slug}`; an unknown slug is a 404 failure. */
export function getProductDetails(
  api: ApiClient,
  slug: string,
  options: CallOptions = {},
): Promise<ApiResult<ProductDetailsResponse>> {
  return api.get<ProductDetailsResponse>(`/single-product-details/${encodeURIComponent(slug)}`, {
    ...options,
    fallback: MESSAGES.catalogue.productsFailed,
  });
}

/** `POST /subcategory-variations` `{ sub_category_id: [ids] }`. */
export function getSubcategoryVariations(
  api: ApiClient,
  ids: Array<number | string>,
  options: CallOptions = {},
): Promise<ApiResult<SubcategoryVariationsResponse>> {
  return api.post<SubcategoryVariationsResponse>('/subcategory-variations', {
    ...options,
    json: { sub_category_id: ids },
    fallback: MESSAGES.catalogue.productsFailed,
  });
}

/** SPEC §7: each `sub_category_variation` split by comma, trimmed, de-duplicated (first spelling kept). */
export function variationNamesOf(result: ApiResult<SubcategoryVariationsResponse> | undefined): string[] {
  if (!result || result.success !== true || !Array.isArray(result.data)) return [];
  const names = new Set<string>();
  for (const row of result.data) {
    for (const part of String(row?.sub_category_variation ?? '').split(',')) {
      const name = part.trim();
      if (name) names.add(name);
    }
  }
  return [...names];
}

function validPage(page: number): number {
  return Number.isSafeInteger(page) && page >= 1 ? page : DEFAULT_PRODUCT_PAGE;
}

/** SPEC §2: the cover_image when present, else the first of the comma-separated product_images; else null. */
export function coverImageOf(product: Pick<ProductItem, 'cover_image' | 'product_images'>): string | null {
  const cover = product.cover_image?.trim();
  if (cover) return cover;
  const first = (product.product_images ?? '')
    .split(',')
    .map((url) => url.trim())
    .find((url) => url !== '');
  return first ?? null;
}

/** Widths the media pipeline writes next to each `-640.webp` image. */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 1024] as const;

/** A srcset of the -320/-640/-1024 variants when the URL ends in -640.webp; else undefined. */
export function imageSrcset(url: string): string | undefined {
  const suffix = '-640.webp';
  if (!url.endsWith(suffix)) return undefined;
  const stem = url.slice(0, -suffix.length);
  return IMAGE_VARIANT_WIDTHS.map((width) => `${stem}-${width}.webp ${width}w`).join(', ');
}
