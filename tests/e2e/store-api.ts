import { expect, type APIRequestContext } from '@playwright/test';

/** The e2e server runs with the default store key (README: Configuration). */
export const API_KEY = process.env.STORE_API_KEY || 'demo-store-key';

/** A size of a product as /get-products and /new-arrivals answer it. */
export interface Variation {
  id: number;
  product_variation: string;
  final_price: string;
  stock: number;
}

/** A product as the listings answer it (the fields the tests read). */
export interface Product {
  id: number;
  name: string;
  slug: string;
  cover_image: string | null;
  final_price: string;
  quantity: number;
  retailer_id: number | null;
  wholesaler_id: number | null;
  productVariations: Variation[];
}

export async function apiPost(request: APIRequestContext, path: string, data?: unknown) {
  const response = await request.post(`/api${path}`, { headers: { 'API-KEY': API_KEY }, data });
  expect(response.ok()).toBe(true);
  return response.json();
}

export async function apiGet(request: APIRequestContext, path: string) {
  const response = await request.get(`/api${path}`, { headers: { 'API-KEY': API_KEY } });
  expect(response.ok()).toBe(true);
  return response.json();
}

/** Every product of the store, page by page of /get-products (`T` names the extra fields a test reads). */
export async function allProducts<T extends Product = Product>(request: APIRequestContext): Promise<T[]> {
  const products: T[] = [];
  for (let page = 1; ; page += 1) {
    const body = await apiPost(request, `/get-products?page=${page}`);
    products.push(...body.data.products.data);
    if (page >= body.data.products.last_page) return products;
  }
}

/** The sizes of a product that are in stock. */
export const inStock = (product: Product): Variation[] => product.productVariations.filter((v) => v.stock > 0);
