import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  isProductSlug,
  pageField,
  productDetailsQuerySchema,
  productFiltersSchema,
  searchProductsSchema,
  subcategoryVariationsSchema,
} from '../../src/lib/schemas/catalog.ts';
import type { ApiDeps, AppEnv } from '../http/deps.ts';
import { ApiError, fail, ok } from '../http/envelope.ts';
import { parseWith, readBody } from '../http/validate.ts';
import * as catalog from './catalog.service.ts';

/** The catalogue calls of SPEC §7 with the shapes of API-NOTES "Catalogue". */
const PRODUCT_NOT_FOUND = 'Product not found';
const SHORT_SHARED_CACHE = 'public, max-age=60';

const queryPageSchema = z.object({ page: pageField });

/** `?page=N` when given, else the body's page (form posts may carry it), else 1. */
function pageFrom(c: Context, bodyPage: number): number {
  const query = c.req.query('page');
  return query === undefined ? bodyPage : parseWith(queryPageSchema, { page: query }).page;
}

export function catalogRoutes({ db, dialect }: ApiDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/get-products', async (c) => {
    const filters = await readBody(c, productFiltersSchema);
    if (filters.product_id !== undefined) {
      const product = await catalog.findProductById(db, filters.product_id);
      if (!product) throw new ApiError(404, PRODUCT_NOT_FOUND);
      return ok(c, { product });
    }
    return ok(c, await catalog.listProducts(db, dialect, filters, pageFrom(c, filters.page)));
  });

  app.post('/search-products', async (c) => {
    const body = await readBody(c, searchProductsSchema);
    return ok(c, await catalog.searchProducts(db, dialect, body, pageFrom(c, body.page)));
  });

  // Any path below the prefix is "a slug": malformed ones answer the same 404.
  const productDetails = async (c: Context) => {
    const slug = c.req.param('slug') ?? '';
    const { related } = parseWith(productDetailsQuerySchema, { related: c.req.query('related') });
    const answer = isProductSlug(slug) ? await catalog.productWithRelated(db, dialect, slug, related) : undefined;
    if (!answer) return fail(c, 404, PRODUCT_NOT_FOUND);
    return ok(c, answer);
  };
  app.get('/single-product-details/:slug{.+}', productDetails);
  app.get('/single-product-details', productDetails);
  app.get('/single-product-details/', productDetails);

  app.get('/new-arrivals', async (c) => {
    const data = await catalog.newArrivals(db);
    c.header('Cache-Control', SHORT_SHARED_CACHE);
    return ok(c, data);
  });

  app.post('/subcategory-variations', async (c) => {
    const body = await readBody(c, subcategoryVariationsSchema);
    return ok(c, await catalog.subcategoryVariations(db, body.sub_category_id));
  });

  return app;
}
