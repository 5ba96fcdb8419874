import type { VariantInput } from './seed.repository.ts';
import { createRng, type Rng } from './seeded-random.ts';

/**
 * The demo store's catalogue as plain data, generated from a seeded PRNG so
 * every run (seed, images, large benchmark catalogue) sees the same products.
 * Prices here are rupees; variants leave in paise.
 */

/** Fixed "today" of the demo data: dates are relative to it, never to the clock. */
export const DEMO_BASE_DATE = '2026-11-01T10:00:00.000Z';
export const PRODUCTS_PER_DEMO_CATEGORY = 8;
/** Product images are 4:5 (width x 1.25). */
export const PRODUCT_IMAGE_RATIO = 1.25;

export type Shape =
  | 'tshirt' | 'shirt' | 'jeans' | 'kurta' | 'saree' | 'watch'
  | 'handbag' | 'shoe' | 'sneaker' | 'wallet' | 'cap';

export interface DemoCategory {
  slug: string;
  name: string;
  parent: string;
  /** SKU infix. */
  code: string;
  /** The sub-category's size options as the provider keeps them; "" when sold without sizes. */
  variations: string;
  noun: string;
  styles: readonly string[];
  materials: readonly string[];
  tags: string;
  /** Selling price range in rupees. */
  price: readonly [number, number];
  shape: Shape;
  /** Light background tint of its images. */
  tint: string;
}

export const DEMO_PARENT_CATEGORIES = [
  { slug: 'clothing', name: 'Clothing' },
  { slug: 'footwear', name: 'Footwear' },
  { slug: 'accessories', name: 'Accessories' },
] as const;

const CLOTHES = 'S, M, L, XL, XXL';
const SHOES = '6, 7, 8, 9, 10';

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  { slug: 't-shirts', name: 'T-Shirts', parent: 'clothing', code: 'TSH', variations: CLOTHES, noun: 'T-Shirt',
    styles: ['Crew Neck', 'Oversized', 'Graphic', 'Pocket', 'Henley', 'Polo', 'Striped', 'Slub Cotton'],
    materials: ['100% cotton jersey', 'Supima cotton', 'Organic cotton', 'Cotton-modal blend'],
    tags: 't-shirt, tshirt, tee, casual, men', price: [299, 1299], shape: 'tshirt', tint: '#E8F1FB' },
  { slug: 'shirts', name: 'Shirts', parent: 'clothing', code: 'SHT', variations: CLOTHES, noun: 'Shirt',
    styles: ['Slim Fit', 'Oxford', 'Linen', 'Checked', 'Mandarin Collar', 'Chambray', 'Printed', 'Formal'],
    materials: ['Pure linen', 'Cotton poplin', 'Oxford cotton', 'Cotton-linen blend'],
    tags: 'shirt, formal, casual, men, office', price: [699, 2999], shape: 'shirt', tint: '#EEF4EA' },
  { slug: 'denims', name: 'Denims', parent: 'clothing', code: 'DNM', variations: '28, 30, 32, 34, 36',
    noun: 'Denims', styles: ['Slim Fit', 'Straight Fit', 'Tapered', 'Relaxed', 'Distressed', 'Stretch', 'Bootcut', 'Selvedge'],
    materials: ['Stretch denim', 'Rigid cotton denim', 'Selvedge denim', 'Recycled cotton denim'],
    tags: 'denims, jeans, denim, men, casual', price: [999, 3999], shape: 'jeans', tint: '#E6ECF5' },
  { slug: 'mens-watches', name: "Men's Watches", parent: 'accessories', code: 'MWT', variations: '',
    noun: 'Watch', styles: ['Chronograph', 'Analog', 'Minimalist', 'Diver', 'Automatic', 'Field', 'Dress', 'Smart Hybrid'],
    materials: ['Stainless steel case, leather strap', 'Steel case, steel bracelet', 'Titanium case, silicone strap'],
    tags: "watch, men's watch, mens, men, analog", price: [1499, 14999], shape: 'watch', tint: '#F1EEE8' },
  { slug: 'womens-watches', name: "Women's Watches", parent: 'accessories', code: 'WWT', variations: '',
    noun: 'Watch', styles: ['Rose Gold', 'Bracelet', 'Petite', 'Mesh Strap', 'Crystal', 'Minimal', 'Ceramic', 'Vintage'],
    materials: ['Rose gold plated case, mesh strap', 'Steel case, leather strap', 'Ceramic case and bracelet'],
    tags: "watch, women's watch, womens, women, analog", price: [1299, 12999], shape: 'watch', tint: '#FBEDEF' },
  { slug: 'handbags', name: 'Handbags', parent: 'accessories', code: 'HBG', variations: '', noun: 'Handbag',
    styles: ['Tote', 'Sling', 'Satchel', 'Hobo', 'Quilted', 'Bucket', 'Structured', 'Woven'],
    materials: ['Vegan leather', 'Genuine leather', 'Jute and cotton', 'Canvas with leather trim'],
    tags: 'handbag, bag, women, tote, purse', price: [799, 6999], shape: 'handbag', tint: '#FBF0E6' },
  { slug: 'mens-shoes', name: "Men's Shoes", parent: 'footwear', code: 'MSH', variations: SHOES, noun: 'Shoes',
    styles: ['Leather Derby', 'Oxford', 'Loafer', 'Chelsea', 'Brogue', 'Monk Strap', 'Suede Moccasin', 'Boat'],
    materials: ['Full-grain leather', 'Suede', 'Patent leather', 'Nubuck leather'],
    tags: "shoes, men's shoes, formal, men, footwear", price: [1499, 7999], shape: 'shoe', tint: '#F3ECE6' },
  { slug: 'wallets', name: 'Wallets', parent: 'accessories', code: 'WLT', variations: '', noun: 'Wallet',
    styles: ['Bifold', 'Trifold', 'Card Holder', 'Slim', 'Zip Around', 'Money Clip', 'Passport', 'RFID'],
    materials: ['Genuine leather', 'Vegan leather', 'Crazy-horse leather', 'Canvas'],
    tags: 'wallet, leather, men, card holder, gift', price: [399, 2499], shape: 'wallet', tint: '#EFEBE4' },
  { slug: 'caps', name: 'Caps', parent: 'accessories', code: 'CAP', variations: 'S/M, L/XL', noun: 'Cap',
    styles: ['Baseball', 'Snapback', 'Trucker', 'Dad', 'Bucket', 'Sports', 'Corduroy', 'Embroidered'],
    materials: ['Cotton twill', 'Polyester mesh', 'Corduroy', 'Washed cotton'],
    tags: 'cap, hat, unisex, summer, sports', price: [299, 999], shape: 'cap', tint: '#EAF5F1' },
  { slug: 'kurtas', name: 'Kurtas', parent: 'clothing', code: 'KRT', variations: CLOTHES, noun: 'Kurta',
    styles: ['Chikankari', 'Straight', 'Angrakha', 'Block Print', 'Pathani', 'Silk Blend', 'Embroidered', 'Short'],
    materials: ['Cotton cambric', 'Silk blend', 'Rayon', 'Handloom khadi'],
    tags: 'kurta, ethnic, festive, traditional', price: [599, 3499], shape: 'kurta', tint: '#FBF4E2' },
  { slug: 'sarees', name: 'Sarees', parent: 'clothing', code: 'SAR', variations: '', noun: 'Saree',
    styles: ['Banarasi Silk', 'Kanjeevaram', 'Chiffon', 'Georgette', 'Cotton Handloom', 'Organza', 'Bandhani', 'Chanderi'],
    materials: ['Pure silk with zari border', 'Soft georgette', 'Handloom cotton', 'Organza with blouse piece'],
    tags: 'saree, sari, ethnic, women, festive, wedding', price: [999, 14999], shape: 'saree', tint: '#FCEAF1' },
  { slug: 'sneakers', name: 'Sneakers', parent: 'footwear', code: 'SNK', variations: SHOES, noun: 'Sneakers',
    styles: ['Low Top', 'High Top', 'Running', 'Retro', 'Slip-On', 'Court', 'Chunky', 'Knit'],
    materials: ['Knit upper, EVA sole', 'Leather upper, rubber sole', 'Canvas upper, rubber sole', 'Mesh upper, foam sole'],
    tags: 'sneakers, shoes, casual, unisex, footwear', price: [1299, 8999], shape: 'sneaker', tint: '#EDEFF7' },
];

export interface Colour {
  name: string;
  hex: string;
}

export const COLOURS: readonly Colour[] = [
  { name: 'Indigo', hex: '#34408C' }, { name: 'Charcoal', hex: '#3A3D42' }, { name: 'Olive', hex: '#6B7233' },
  { name: 'Mustard', hex: '#D1A02A' }, { name: 'Maroon', hex: '#7A1F3D' }, { name: 'Ivory', hex: '#EDE3CC' },
  { name: 'Teal', hex: '#1F7A78' }, { name: 'Rust', hex: '#B2502B' }, { name: 'Navy', hex: '#1E2A4F' },
  { name: 'Blush', hex: '#E4A6B0' }, { name: 'Sage', hex: '#93A88A' }, { name: 'Tan', hex: '#B98B5B' },
  { name: 'Black', hex: '#1B1B1D' }, { name: 'Emerald', hex: '#1F7A4D' }, { name: 'Sky Blue', hex: '#6FA8DC' },
  { name: 'Coral', hex: '#E8735A' },
];

const BRANDS = [
  'Rangrez', 'Desi Loom', 'Urban Tant', 'Jaipur Threads', 'Mysore Mills', 'Kora', 'Neel', 'Chowk',
  'Baazigar', 'Sutra', 'Malabar Co.', 'Hastkala', 'Zari Lane', 'Peshwa', 'Monsoon Row', 'Karigar',
];

export type StockProfile = 'normal' | 'partial' | 'low' | 'sold-out';

export interface DemoProduct {
  categorySlug: string;
  /** Index into DEMO_SELLERS (demo-store.ts). */
  sellerIndex: number;
  colour: Colour;
  style: string;
  sku: string;
  name: string;
  slug: string;
  description: string;
  tags: string;
  created_at: string;
  imageCount: number;
  cover_image: string;
  product_images: string;
  variants: VariantInput[];
}

export const kebab = (text: string): string =>
  text.toLowerCase().replace(/['’]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export const productImageUrl = (slug: string, n: number, width: number): string =>
  `/media/products/${slug}-${n}-${width}.webp`;
export const categoryImageUrl = (slug: string): string => `/media/categories/${slug}.webp`;

export const sizesOf = (category: Pick<DemoCategory, 'variations'>): string[] =>
  category.variations.split(',').map((s) => s.trim()).filter(Boolean);

let cached: DemoProduct[] | undefined;

/** The 96 demo products (8 per category), identical on every call and every machine. */
export function demoProducts(): DemoProduct[] {
  cached ??= DEMO_CATEGORIES.flatMap((category, c) => {
    const rng = createRng(`demo:${category.slug}`);
    const colours = rng.shuffle(COLOURS);
    const styles = rng.shuffle(category.styles);
    return Array.from({ length: PRODUCTS_PER_DEMO_CATEGORY }, (_, j): DemoProduct => {
      const colour = colours[j]!;
      const style = styles[j % styles.length]!;
      const name = `${colour.name} ${style} ${category.noun}`;
      const slug = kebab(name);
      const imageCount = rng.next() < 0.6 ? 3 : 2;
      // Fixed positions guarantee the mix the storefront must show: sold out,
      // a size with 1-2 left, some sizes sold out while others are in stock.
      const profile: StockProfile =
        j === 6 && c % 2 === 0 ? 'sold-out' : j === 3 ? 'low' : j === 1 || j === 5 ? 'partial' : 'normal';
      return {
        categorySlug: category.slug,
        sellerIndex: (c * 3 + j) % 5,
        colour,
        style,
        sku: `KB-${category.code}-${String(j + 1).padStart(3, '0')}`,
        name,
        slug,
        description: describe(rng, category, colour, style),
        tags: tagsFor(category, colour, style),
        created_at: minutesBefore(DEMO_BASE_DATE, rng.int(0, 60 * 24 * 60)),
        imageCount,
        ...imageFields(slug, imageCount),
        variants: buildVariants(rng, category, pickPrice(rng, category), profile),
      };
    });
  });
  return cached;
}

export function imageFields(slug: string, imageCount: number) {
  const urls = Array.from({ length: imageCount }, (_, i) => productImageUrl(slug, i + 1, 640));
  return { cover_image: urls[0]!, product_images: urls.join(',') };
}

/** A generated product of the large catalogue: a demo product's look (colour, item, images) under another brand and style. */
export function largeProduct(serial: number, categoryIndex: number): DemoProduct {
  const rng = createRng(Math.imul(serial, 2654435761) ^ 0x5eed);
  const category = DEMO_CATEGORIES[categoryIndex]!;
  const template = demoProducts()[categoryIndex * PRODUCTS_PER_DEMO_CATEGORY + rng.int(0, PRODUCTS_PER_DEMO_CATEGORY - 1)]!;
  const style = rng.pick(category.styles);
  const name = `${rng.pick(BRANDS)} ${template.colour.name} ${style} ${category.noun}`;
  const roll = rng.next();
  const profile: StockProfile = roll < 0.05 ? 'sold-out' : roll < 0.15 ? 'low' : roll < 0.35 ? 'partial' : 'normal';
  return {
    ...template,
    sellerIndex: rng.int(0, 99),
    style,
    sku: `LG-${String(serial).padStart(8, '0')}`,
    name,
    slug: `${kebab(name)}-${serial}`,
    description: describe(rng, category, template.colour, style),
    tags: tagsFor(category, template.colour, style),
    created_at: minutesBefore(DEMO_BASE_DATE, rng.int(0, 365 * 24 * 60)),
    variants: buildVariants(rng, category, pickPrice(rng, category), profile),
  };
}

function tagsFor(category: DemoCategory, colour: Colour, style: string): string {
  const tags = [...category.tags.split(', '), colour.name.toLowerCase(), style.toLowerCase()];
  return [...new Set(tags)].join(', ');
}

function minutesBefore(iso: string, minutes: number): string {
  return new Date(Date.parse(iso) - minutes * 60_000).toISOString();
}

/** Log-uniform in the category's range, rounded to a price ending in 99. */
function pickPrice(rng: Rng, category: DemoCategory): number {
  const [min, max] = category.price;
  const raw = Math.exp(Math.log(min) + rng.next() * (Math.log(max) - Math.log(min)));
  return Math.min(max, Math.max(min, Math.round(raw / 100) * 100 - 1));
}

const FLOOR_RUPEES = 299;
const CEILING_RUPEES = 14999;

/**
 * One variant per size (one null variant when unsized). Larger sizes cost a
 * little more; MRP (old_price) >= price >= final_price; stock follows the profile.
 */
export function buildVariants(rng: Rng, category: DemoCategory, base: number, profile: StockProfile): VariantInput[] {
  let sizes: Array<string | null> = sizesOf(category);
  if (sizes.length === 0) sizes = [null];
  else if (rng.next() < 0.2) sizes = rng.next() < 0.5 ? sizes.slice(1) : sizes.slice(0, -1);
  const step = Math.max(20, Math.round((base * 0.04) / 10) * 10);
  const markup = rng.next() < 0.8 ? 0.15 + rng.next() * 0.45 : 0;
  const extraOff = rng.next() < 0.35 ? 0.05 + rng.int(0, 3) * 0.05 : 0;
  const stocks = stockFor(rng, sizes.length, profile);
  return sizes.map((size, i) => {
    const bump = Math.max(0, i - (sizes.length - 3)) * step;
    const price = Math.min(CEILING_RUPEES, base + bump);
    const old = Math.min(CEILING_RUPEES, Math.max(price, Math.round((price * (1 + markup)) / 100) * 100 - 1));
    const final = Math.max(Math.min(price, FLOOR_RUPEES), Math.round(price * (1 - extraOff)));
    return { product_variation: size, old_price: old * 100, price: price * 100, final_price: final * 100, stock: stocks[i]! };
  });
}

function stockFor(rng: Rng, count: number, profile: StockProfile): number[] {
  const stocks = Array.from({ length: count }, () => rng.int(4, 40));
  if (profile === 'sold-out') return stocks.fill(0);
  if (profile === 'low') stocks[rng.int(0, count - 1)] = rng.int(1, 2);
  if (profile === 'partial' && count > 1) {
    const soldOut = rng.shuffle(stocks.map((_, i) => i)).slice(0, count > 3 ? 2 : 1);
    for (const i of soldOut) stocks[i] = 0;
  }
  return stocks;
}

const CARE: Partial<Record<Shape | 'default', readonly string[]>> = {
  default: ['Gentle machine wash', 'Hand wash cold', 'Wash inside out, dry in shade'],
  saree: ['Dry clean only', 'Hand wash cold, dry in shade'],
  watch: ['Wipe with a soft dry cloth', 'Keep away from magnets'],
  handbag: ['Wipe with a soft dry cloth', 'Store stuffed, in the dust bag'],
  wallet: ['Wipe with a soft dry cloth', 'Condition the leather twice a year'],
  shoe: ['Wipe clean; use a shoe tree', 'Polish regularly'],
  sneaker: ['Wipe clean with a damp cloth', 'Air dry away from direct heat'],
};

function describe(rng: Rng, category: DemoCategory, colour: Colour, style: string): string {
  const material = rng.pick(category.materials);
  const sizes = sizesOf(category);
  const fitLine = sizes.length
    ? `<li><strong>Sizes:</strong> ${sizes[0]} to ${sizes.at(-1)}; larger sizes are priced a little higher</li>`
    : '<li><strong>Size:</strong> one size</li>';
  const occasion = rng.pick(['everyday wear', 'weekend outings', 'the office', 'festive evenings', 'gifting']);
  return (
    `<p>A ${style.toLowerCase()} ${category.noun.toLowerCase()} in ${colour.name.toLowerCase()}, made for ${occasion}.</p>` +
    `<ul><li><strong>Material:</strong> ${material}</li>${fitLine}` +
    `<li><strong>Care:</strong> ${rng.pick(CARE[category.shape] ?? CARE.default!)}</li></ul>`
  );
}
