import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogTestContext, type CatalogTestContext } from '../fixtures/catalog.fixtures.ts';
import { createTestApi } from '../helpers/api-harness.ts';

/** Issue 16: media in API answers is absolute, so a client on another origin (or behind an /api-only proxy) can load it. */
describe('media URLs in API answers', () => {
  let ctx: CatalogTestContext;
  beforeAll(async () => {
    ctx = await createCatalogTestContext();
  });
  afterAll(() => ctx.store.close());

  it('are built from the site origin + /media by default', async () => {
    const res = await createTestApi(ctx.store, { siteOrigin: 'https://shop.example.in', mediaBaseUrl: 'https://shop.example.in/media' }).post('/store-info');
    expect(res.body.sub_category_list[0].image).toMatch(/^https:\/\/shop\.example\.in\/media\/categories\//);
  });

  it('come from MEDIA_BASE_URL (a CDN for images): category images, hero slides, cover and product images', async () => {
    const api = createTestApi(ctx.store, { mediaBaseUrl: 'https://img.cdn.example/store' });
    const info = await api.post('/store-info');
    for (const category of info.body.sub_category_list) expect(category.image).toMatch(/^https:\/\/img\.cdn\.example\/store\/categories\//);
    const products = await api.post('/get-products?page=1');
    const product = products.body.data.products.data.find((p: { product_images: string }) => p.product_images.includes(','));
    expect(product.cover_image).toMatch(/^https:\/\/img\.cdn\.example\/store\/products\//);
    for (const url of product.product_images.split(',')) expect(url).toMatch(/^https:\/\/img\.cdn\.example\/store\/products\//);
    const details = await api.get(`/single-product-details/${product.slug}`);
    expect(details.body.data.product.cover_image).toBe(product.cover_image);
  });
});
