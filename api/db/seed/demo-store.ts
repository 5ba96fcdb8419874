import { hash, type Algorithm } from '@node-rs/argon2';
import type { Insertable, Kysely } from 'kysely';
import type { Database, HomeSectionsTable } from '../schema.ts';
import {
  DEMO_BASE_DATE,
  DEMO_CATEGORIES,
  DEMO_PARENT_CATEGORIES,
  categoryImageUrl,
  demoProducts,
} from './demo-catalog.ts';
import { toProductInput } from './product-input.ts';
import {
  insertCategory,
  insertCoupons,
  insertCustomer,
  insertHomeSections,
  insertProducts,
  insertSeller,
  insertStoreSettings,
  isStoreSeeded,
} from './seed.repository.ts';

/**
 * The demo store: settings, home sections, categories, sellers, products,
 * coupons and two customers, written once in one transaction. Everything is
 * generated locally and deterministically (see demo-catalog.ts).
 */

export const DEMO_STORE_NAME = 'Kapda Bazaar';
export const DEMO_LOGO_URL = '/media/store/logo.svg';
// Named -1600.webp: the storefront offers their -800.webp copies to narrow screens (src/lib/hero-images.ts).
export const DEMO_HERO_SLIDES = ['/media/home/slide-1-1600.webp', '/media/home/slide-2-1600.webp', '/media/home/slide-3-1600.webp'];
/** Widths each hero slide is written at (the URL names the largest). */
export const DEMO_HERO_WIDTHS = [800, 1600] as const;
export const DEMO_SECONDARY_IMAGE = '/media/home/secondary.webp';

/** Known demo sign-ins, quoted by the README and the tests. */
export const DEMO_CUSTOMERS = [
  { firstname: 'Asha', lastname: 'Verma', email: 'asha@example.com', phone_number: '9876543210', password: 'Demo@123' },
  { firstname: 'Ravi', lastname: 'Kumar', email: 'ravi@example.com', phone_number: '9123456780', password: 'Demo@123' },
] as const;

/** Retailers first, then wholesalers; products refer to them by index. */
export const DEMO_SELLERS = [
  { kind: 'retailer', name: 'Kapda Bazaar Retail' },
  { kind: 'retailer', name: 'Chandni Chowk Fashions' },
  { kind: 'retailer', name: 'Mumbai Style House' },
  { kind: 'wholesaler', name: 'Surat Textile Traders' },
  { kind: 'wholesaler', name: 'Tiruppur Knitwear Wholesale' },
] as const;

export const DEMO_COUPONS = [
  // Once per shopper.
  { code: 'WELCOME10', kind: 'percent', value: 10, min_order_amount: 0, max_discount: 500_00, expires_at: null, per_customer_limit: 1 },
  { code: 'FLAT200', kind: 'flat', value: 200_00, min_order_amount: 999_00, max_discount: null, expires_at: null },
  // One use in all: the first order with it gets the discount, every later one is told it is used up.
  { code: 'FIRST50', kind: 'flat', value: 50_00, min_order_amount: 0, max_discount: null, expires_at: null, usage_limit: 1 },
  {
    code: 'SUMMER25',
    kind: 'percent',
    value: 25,
    min_order_amount: 0,
    max_discount: 1000_00,
    expires_at: '2026-06-30T18:29:59.000Z', // end of 30 June 2026 in India: already past
  },
] as const;

export const DEMO_SETTINGS = {
  store_name: DEMO_STORE_NAME,
  logo: DEMO_LOGO_URL,
  email: 'support@kapdabazaar.example',
  phone: '+91 22 4000 1234',
  address: '14 Linking Road, Bandra West, Mumbai 400050',
  meta_title: 'Kapda Bazaar: Indian fashion, shoes and accessories online',
  meta_description:
    'Shop kurtas, sarees, shirts, denims, sneakers, watches and handbags at Kapda Bazaar. Cash on delivery across India.',
  font_family: 'Instrument Sans',
  background_color: '#FFFDF9',
  button_background_color: '#7A1F3D',
  top_header_background_color: '#5C1730',
  header_background_color: '#FFFFFF',
  footer_background_color: '#2B1A22',
  bottom_footer_background_color: '#FFF3E8',
  banner_type: 'slider',
  category_layout: 'swiper',
};

// Every column is given: in a multi-row insert SQLite binds a missing one as NULL, not its default.
export const DEMO_HOME_SECTIONS: Insertable<HomeSectionsTable>[] = [
  {
    section: 'hero',
    hero_type: 'slider',
    slider_files: DEMO_HERO_SLIDES.join(','),
    image_url: DEMO_HERO_SLIDES[0]!,
    video_url: '',
    title: 'The Festive Edit',
    content:
      '<p>Handpicked <strong>kurtas, sarees and sneakers</strong> for the season, with free shipping on every order. ' +
      '<a href="/shop">Shop the collection</a></p>',
    position: 0,
  },
  {
    section: 'secondary',
    hero_type: null,
    slider_files: '',
    image_url: DEMO_SECONDARY_IMAGE,
    video_url: '',
    title: 'Made by Indian makers',
    content:
      '<p>From Banarasi silk to Kolhapuri leather, our sellers work with <strong>weavers and artisans</strong> across India. ' +
      '<a href="/categories">Browse all categories</a></p>',
    position: 1,
  },
];

export interface DemoSummary {
  /** False when the store already had settings and nothing was written. */
  seeded: boolean;
  /** Sub-categories: what the storefront calls categories. */
  categories: number;
  parentCategories: number;
  sellers: number;
  products: number;
  variants: number;
  customers: number;
  coupons: number;
}

const EMPTY: DemoSummary = {
  seeded: false, categories: 0, parentCategories: 0, sellers: 0, products: 0, variants: 0, customers: 0, coupons: 0,
};

// Algorithm.Argon2id: a const enum, which type stripping cannot inline.
const ARGON2ID: Algorithm = 2;

/** argon2id with the parameters the architecture sets (m = 19 MiB, t = 2, p = 1). */
export function hashDemoPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

/** Seeds the demo store unless the store already has settings; never partially. */
export async function seedDemoStore(db: Kysely<Database>): Promise<DemoSummary> {
  if (await isStoreSeeded(db)) return { ...EMPTY };
  // Hash outside the transaction: it is slow CPU work that needs no lock.
  const passwords = await Promise.all(DEMO_CUSTOMERS.map((c) => hashDemoPassword(c.password)));
  try {
    return await db.transaction().execute(async (trx) => {
      if (await isStoreSeeded(trx)) return { ...EMPTY };
      // Settings first: a second process seeding at the same time fails here and rolls back.
      await insertStoreSettings(trx, DEMO_SETTINGS);
      await insertHomeSections(trx, DEMO_HOME_SECTIONS);

      const parentIds = new Map<string, number>();
      for (const [i, parent] of DEMO_PARENT_CATEGORIES.entries()) {
        const id = await insertCategory(trx, {
          parent_id: null,
          name: parent.name,
          slug: parent.slug,
          image: categoryImageUrl(parent.slug),
          variations: '',
          position: 100 + i,
        });
        parentIds.set(parent.slug, id);
      }
      const categoryIds = new Map<string, { id: number; parentId: number; name: string }>();
      for (const [i, category] of DEMO_CATEGORIES.entries()) {
        const parentId = parentIds.get(category.parent)!;
        const id = await insertCategory(trx, {
          parent_id: parentId,
          name: category.name,
          slug: category.slug,
          image: categoryImageUrl(category.slug),
          variations: category.variations,
          position: i + 1,
        });
        categoryIds.set(category.slug, { id, parentId, name: category.name });
      }

      const sellerIds: Array<{ kind: string; id: number }> = [];
      for (const seller of DEMO_SELLERS) sellerIds.push({ kind: seller.kind, id: await insertSeller(trx, seller.kind, seller.name) });

      const products = demoProducts();
      await insertProducts(
        trx,
        products.map((p) =>
          toProductInput(p, {
            category: categoryIds.get(p.categorySlug)!,
            seller: sellerIds[p.sellerIndex % sellerIds.length]!,
          }),
        ),
      );

      await insertCoupons(trx, DEMO_COUPONS.map((c) => ({ ...c, active: 1 })));
      for (const [i, customer] of DEMO_CUSTOMERS.entries()) {
        await insertCustomer(trx, {
          firstname: customer.firstname,
          lastname: customer.lastname,
          email: customer.email,
          phone_number: customer.phone_number,
          alt_phone_number: null,
          password_hash: passwords[i]!,
          email_verified_at: DEMO_BASE_DATE,
        });
      }

      return {
        seeded: true,
        categories: DEMO_CATEGORIES.length,
        parentCategories: DEMO_PARENT_CATEGORIES.length,
        sellers: DEMO_SELLERS.length,
        products: products.length,
        variants: products.reduce((sum, p) => sum + p.variants.length, 0),
        customers: DEMO_CUSTOMERS.length,
        coupons: DEMO_COUPONS.length,
      };
    });
  } catch (error) {
    // Another process seeded first (unique key on the settings row): nothing to do.
    if (await isStoreSeeded(db)) return { ...EMPTY };
    throw error;
  }
}
