import { expect, test as setup } from '@playwright/test';
import { connect } from '../../api/db/connect.ts';
import { insertProducts, listCategoriesBySlug, listSellers } from '../../api/db/seed/seed.repository.ts';
import { HOSTILE_CREATED_AT, HOSTILE_DESCRIPTION, HOSTILE_NAME, HOSTILE_SLUGS, HOSTILE_TAG, e2eDatabaseFile } from './hostile-names.ts';
import { apiPost } from './store-api.ts';

/**
 * Runs before the browser tests (playwright.config.ts: the `seed` project), so
 * every test sees one catalogue: a product added mid-run would change the
 * totals other tests count.
 */
setup('products named with markup are in the store', async ({ request, baseURL }) => {
  // Two images each, so the product page's gallery has a lazy image whose alt is the name.
  const listed = (await apiPost(request, '/get-products', {})).data.products.data as Array<{ product_images: string }>;
  const images = listed.map((p) => p.product_images.split(',')).find((urls) => urls.length >= 2);
  expect(images, 'a demo product with two images').toBeDefined();
  const paths = images!.slice(0, 2).map((url) => new URL(url.trim(), baseURL).pathname);

  const store = connect({ url: e2eDatabaseFile(baseURL!) });
  try {
    const category = [...(await listCategoriesBySlug(store.db)).values()].find((c) => c.parent_id !== null)!;
    const seller = (await listSellers(store.db))[0]!;
    await insertProducts(
      store.db,
      HOSTILE_SLUGS.map((slug, i) => ({
        sku: `HOSTILE-${i + 1}`,
        name: HOSTILE_NAME,
        slug,
        description: HOSTILE_DESCRIPTION,
        tags: HOSTILE_TAG,
        category_id: category.parent_id,
        sub_category_id: category.id,
        category_name: category.name,
        retailer_id: seller.kind === 'retailer' ? seller.id : null,
        wholesaler_id: seller.kind === 'wholesaler' ? seller.id : null,
        cover_image: paths[0]!,
        product_images: paths.join(','),
        created_at: HOSTILE_CREATED_AT,
        variants: [{ product_variation: null, old_price: 99_900, price: 99_900, final_price: 99_900, stock: 5 }],
      })),
    );
  } finally {
    await store.close();
  }
});
