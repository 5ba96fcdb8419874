/** Catalogue calls (SPEC §7 Catalogue, request shapes from API-NOTES.md), parsed at the seam. */
import { z } from 'zod';
import { DEFAULT_PRODUCT_PAGE } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { isRupeeAmount, type RupeeAmount } from '../money.ts';
import type { ApiClient, ParamValue } from './client.ts';
import { parsedCall, type Outcome } from './parsed.ts';
import { categorySchema } from './store.ts';

export interface CallOptions {
  signal?: AbortSignal;
  /** See RequestOptions.key: a newer call with the same key cancels this one. */
  key?: string;
  /** See RequestOptions.token: overrides the client's bearer token (the server reads it from the session cookie). */
  token?: string | null;
}

/** Money on the wire: a rupee string with two decimals ("1299.00"), handed on as a checked RupeeAmount (decision 052). */
const money = z.custom<RupeeAmount>(isRupeeAmount, 'a rupee amount with two decimals');
const id = z.number().int();
const text = z.string().nullish();

const variationSchema = z.object({
  id,
  product_id: id,
  product_variation: z.string(),
  old_price: money,
  price: money,
  stock: z.number().int(),
  final_price: money,
});
export type ProductVariation = z.output<typeof variationSchema>;

const productSchema = z.object({
  id,
  sku: text,
  name: z.string(),
  slug: z.string(),
  description: text,
  tags: text,
  retailer_id: id.nullish(),
  wholesaler_id: id.nullish(),
  category_id: id.nullish(),
  sub_category_id: id.nullish(),
  status: z.string().optional(),
  /** Total stock. */
  quantity: z.number().int(),
  stock_status: z.enum(['in_stock', 'out_of_stock']).optional(),
  old_price: money.nullish(),
  new_price: money.nullish(),
  /** Lowest final price over the variations. */
  final_price: money,
  /** Comma-separated URLs. */
  product_images: text,
  cover_image: text,
  created_at: z.string().optional(),
  productVariations: z.array(variationSchema).optional(),
});
export type ProductItem = z.output<typeof productSchema>;

/** The provider's paginator object (API-NOTES: Conventions). */
const pageOfProducts = z.object({
  data: z.array(productSchema),
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
});

const productListAnswer = z
  .object({
    success: z.literal(true),
    data: z.object({
      /** Absent when the `product_id` filter asked for one product. */
      products: pageOfProducts.optional(),
      sub_categories: z.array(categorySchema).optional(),
      /** Present when the `product_id` filter asked for one product. */
      product: productSchema.optional(),
    }),
  })
  .transform((body) => body.data);
export type ProductList = z.output<typeof productListAnswer>;

/** Reads `data.products` (our API) and also `data.data` (SPEC's reading of the provider). */
const newArrivalsAnswer = z
  .object({
    success: z.literal(true),
    data: z.union([z.object({ products: z.array(productSchema) }), z.object({ data: z.array(productSchema) })]),
  })
  .transform((body) => ('products' in body.data ? body.data.products : body.data.data));

const productDetailsAnswer = z
  .object({ success: z.literal(true), data: z.object({ product: productSchema }) })
  .transform((body) => body.data.product);

/** The product page's read: the product and, from our API, others of its category (`related_products`). */
const productPageAnswer = z
  .object({
    success: z.literal(true),
    data: z.object({ product: productSchema, related_products: z.array(productSchema).optional() }),
  })
  .transform((body) => ({ product: body.data.product, related: body.data.related_products }));
export type ProductPage = z.output<typeof productPageAnswer>;

/** SPEC §7: each `sub_category_variation` split by comma, trimmed, de-duplicated (first spelling kept). */
const variationNamesAnswer = z
  .object({ success: z.literal(true), data: z.array(z.object({ sub_category_variation: z.string().nullable() })) })
  .transform((body) => {
    const names = new Set<string>();
    for (const row of body.data) {
      for (const part of (row.sub_category_variation ?? '').split(',')) {
        const name = part.trim();
        if (name) names.add(name);
      }
    }
    return [...names];
  });

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
  /** Sort key as the API names it. */
  sort_by?: string;
  product_id?: number | string;
}

/** `GET /new-arrivals`. SPEC §8 uses the store-information fallback for it. */
export function getNewArrivals(api: ApiClient, options: CallOptions = {}): Promise<Outcome<ProductItem[]>> {
  return parsedCall(api, 'GET', '/new-arrivals', newArrivalsAnswer, { ...options, fallback: MESSAGES.catalogue.storeInfoFailed });
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
): Promise<Outcome<ProductList>> {
  return parsedCall(api, 'POST', '/get-products', productListAnswer, {
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
): Promise<Outcome<ProductList>> {
  const fields = Object.entries(productFilterFields({ ...filters, product_id: undefined })).filter(
    ([, value]) => value !== undefined,
  );
  return parsedCall(api, 'POST', '/search-products', productListAnswer, {
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
): Promise<Outcome<ProductItem>> {
  return parsedCall(api, 'GET', `/single-product-details/${encodeURIComponent(slug)}`, productDetailsAnswer, {
    ...options,
    fallback: MESSAGES.catalogue.productsFailed,
  });
}

/**
 * `GET /single-product-details/{slug}?related=N`: the product and up to N
 * other products of its category (decision 042). `related` is undefined when
 * the server does not answer them (a store API without the parameter).
 */
export function getProductPage(api: ApiClient, slug: string, related: number, options: CallOptions = {}): Promise<Outcome<ProductPage>> {
  return parsedCall(api, 'GET', `/single-product-details/${encodeURIComponent(slug)}`, productPageAnswer, {
    ...options,
    query: { related },
    fallback: MESSAGES.catalogue.productsFailed,
  });
}

/**
 * The product page's 'You might also like': what the product's answer
 * carried, else (a server without `related`) the first listing page of its
 * category without the product itself.
 */
export async function relatedProductsOf(api: ApiClient, page: ProductPage, limit: number): Promise<ProductItem[]> {
  if (page.related) return page.related.slice(0, limit);
  const { product } = page;
  if (product.sub_category_id == null) return [];
  const listing = await getProducts(api, { sub_category: [product.sub_category_id] });
  if (!listing.ok) return [];
  return (listing.value.products?.data ?? []).filter((item) => item.id !== product.id && item.slug !== product.slug).slice(0, limit);
}

/** `POST /subcategory-variations` `{ sub_category_id: [ids] }`. */
export function getSubcategoryVariations(
  api: ApiClient,
  ids: Array<number | string>,
  options: CallOptions = {},
): Promise<Outcome<string[]>> {
  return parsedCall(api, 'POST', '/subcategory-variations', variationNamesAnswer, {
    ...options,
    json: { sub_category_id: ids },
    fallback: MESSAGES.catalogue.productsFailed,
  });
}

function validPage(page: number): number {
  return Number.isSafeInteger(page) && page >= 1 ? page : DEFAULT_PRODUCT_PAGE;
}

/** The answer shapes, for the API tests that check the contract from the server's side. */
export const CATALOG_ANSWERS = {
  productList: productListAnswer,
  newArrivals: newArrivalsAnswer,
  productDetails: productDetailsAnswer,
  productPage: productPageAnswer,
  variationNames: variationNamesAnswer,
};
