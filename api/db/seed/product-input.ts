import type { DemoProduct } from './demo-catalog.ts';
import type { ProductInput } from './seed.repository.ts';

/** Where a generated product goes: its category (with parent) and its seller. */
export interface Placement {
  category: { id: number; parentId: number | null; name: string };
  seller: { kind: string; id: number };
}

/** A generated product as the rows the seed repository writes. */
export function toProductInput(p: DemoProduct, { category, seller }: Placement): ProductInput {
  return {
    sku: p.sku,
    name: p.name,
    slug: p.slug,
    description: p.description,
    tags: p.tags,
    category_id: category.parentId,
    sub_category_id: category.id,
    category_name: category.name,
    retailer_id: seller.kind === 'retailer' ? seller.id : null,
    wholesaler_id: seller.kind === 'wholesaler' ? seller.id : null,
    cover_image: p.cover_image,
    product_images: p.product_images,
    created_at: p.created_at,
    variants: p.variants,
  };
}
