import { describe, expect, it } from 'vitest';
import {
  CATEGORY_NAME_MAX_LENGTH,
  LISTING_COUNT_LIMIT,
  PRICE_FILTER_MAX_RUPEES,
  SEARCH_RESULTS_LIMIT,
  SIZE_FILTER_MAX,
  SIZE_NAME_MAX_LENGTH,
} from '../../src/lib/constants.ts';
import {
  EMPTY_SHOP_QUERY,
  categoryIdsFor,
  clearFiltersHref,
  clearSearchHref,
  countCapOf,
  hasFilters,
  pageItems,
  parseShopQuery,
  productFiltersOf,
  serialiseShopQuery,
  shopHref,
  showingHtml,
  type ShopQuery,
} from '../../src/lib/shop-query.ts';
import { MAX_PRODUCT_PAGE } from '../../src/lib/constants.ts';

const parse = (search: string) => parseShopQuery(new URLSearchParams(search));

const categories = [
  { id: 1, name: 'T-Shirts' },
  { id: 2, name: 'Shirts' },
  { id: 4, name: "Men's Watches" },
];

describe('parseShopQuery', () => {
  it('reads every value of a full URL', () => {
    expect(
      parse(
        'categories=Shirts,T-Shirts&search=%20blue%20%20shirt%20&min_price=100&max_price=999.5&size=M&size=L,XL&in_stock=1&out_of_stock=1&sort=price_high_low&page=3',
      ),
    ).toEqual({
      categories: ['Shirts', 'T-Shirts'],
      search: 'blue shirt',
      minPrice: 100,
      maxPrice: 999.5,
      sizes: ['M', 'L', 'XL'],
      inStock: true,
      outOfStock: true,
      sort: 'price_high_low',
      page: 3,
    });
  });

  it('gives the defaults for an empty URL', () => {
    expect(parse('')).toEqual({ ...EMPTY_SHOP_QUERY, minPrice: undefined, maxPrice: undefined });
  });

  it('reads repeated and comma-joined categories alike, de-duplicated ignoring case', () => {
    expect(parse('categories=Shirts&categories=Caps,shirts, ,Caps').categories).toEqual(['Shirts', 'Caps']);
  });

  it('treats blank or whitespace-only search as no search', () => {
    expect(parse('search=').search).toBe('');
    expect(parse('search=%20%20%20').search).toBe('');
  });

  it('ignores a category name longer than any category has', () => {
    const longest = 'c'.repeat(CATEGORY_NAME_MAX_LENGTH);
    expect(parse(`categories=${longest},${longest}x,Caps`).categories).toEqual([longest, 'Caps']);
  });

  it('ignores prices with letters, negative prices and absurd prices', () => {
    const query = parse('min_price=abc&max_price=-5');
    expect(query.minPrice).toBeUndefined();
    expect(query.maxPrice).toBeUndefined();
    expect(parse('max_price=1e3').maxPrice).toBeUndefined();
    expect(parse(`max_price=${PRICE_FILTER_MAX_RUPEES + 1}`).maxPrice).toBeUndefined();
    expect(parse('min_price=&max_price=').minPrice).toBeUndefined();
  });

  it('swaps a reversed price range', () => {
    const query = parse('min_price=900&max_price=100');
    expect([query.minPrice, query.maxPrice]).toEqual([100, 900]);
  });

  it('clamps bad page numbers into 1..MAX_PRODUCT_PAGE', () => {
    expect(parse('page=-3').page).toBe(1);
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=two').page).toBe(1);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=99999999').page).toBe(MAX_PRODUCT_PAGE);
  });

  it('falls back to newest for an unknown sort', () => {
    expect(parse('sort=cheapest').sort).toBe('newest');
    expect(parse('sort=NAME_DESC').sort).toBe('name_desc');
  });

  it('reads stock flags only from true-like values', () => {
    expect(parse('in_stock=1&out_of_stock=on')).toMatchObject({ inStock: true, outOfStock: true });
    expect(parse('in_stock=0&out_of_stock=maybe')).toMatchObject({ inStock: false, outOfStock: false });
  });

  it('drops sizes that are too long or contain control characters, and caps their number', () => {
    expect(parse(`size=${'X'.repeat(SIZE_NAME_MAX_LENGTH + 1)},M,%07`).sizes).toEqual(['M']);
    const many = Array.from({ length: SIZE_FILTER_MAX + 5 }, (_, i) => `S${i}`).join(',');
    expect(parse(`size=${many}`).sizes).toHaveLength(SIZE_FILTER_MAX);
  });
});

describe('serialiseShopQuery', () => {
  it('round-trips through parse', () => {
    const query: ShopQuery = {
      categories: ["Men's Watches", 'Caps'],
      search: 'watch',
      minPrice: 250,
      maxPrice: 4999.99,
      sizes: ['M', 'XL'],
      inStock: true,
      outOfStock: false,
      sort: 'name_asc',
      page: 4,
    };
    expect(parseShopQuery(serialiseShopQuery(query))).toEqual(query);
  });

  it('leaves defaults out and repeats list values as a GET form does', () => {
    expect(serialiseShopQuery(EMPTY_SHOP_QUERY).toString()).toBe('');
    expect(serialiseShopQuery({ ...EMPTY_SHOP_QUERY, categories: ['Caps', 'Shirts'], sizes: ['M'] }).toString()).toBe(
      'categories=Caps&categories=Shirts&size=M',
    );
  });

  it('canonicalises a messy URL', () => {
    expect(serialiseShopQuery(parse('min_price=&max_price=&sort=newest&page=1&search=+&in_stock=1')).toString()).toBe(
      'in_stock=1',
    );
  });
});

describe('shopHref', () => {
  it('keeps the other values when changing one', () => {
    const query = parse('categories=Caps&sort=price_low_high&page=2');
    expect(shopHref(query, { page: 3 })).toBe('/shop?categories=Caps&sort=price_low_high&page=3');
    expect(shopHref(query, { page: 1 })).toBe('/shop?categories=Caps&sort=price_low_high');
    expect(shopHref(EMPTY_SHOP_QUERY)).toBe('/shop');
  });
});

describe('categoryIdsFor', () => {
  it('maps names to ids ignoring case and skips unknown names', () => {
    expect(categoryIdsFor(['shirts', 'Nope', "Men's Watches"], categories)).toEqual([2, 4]);
    expect(categoryIdsFor([], categories)).toEqual([]);
    expect(categoryIdsFor(['Shirts'], [])).toEqual([]);
  });
});

describe('productFiltersOf', () => {
  it('builds the get-products filters, leaving unset ones out', () => {
    expect(productFiltersOf(parse('min_price=10&size=M&in_stock=1&sort=name_desc'), [2])).toEqual({
      sub_category: [2],
      min_price: 10,
      max_price: undefined,
      size: ['M'],
      in_stock: true,
      out_of_stock: undefined,
      sort_by: 'name_desc',
    });
  });

  it('hasFilters ignores search, sort and page', () => {
    expect(hasFilters(parse('search=shirt&sort=name_asc&page=2'))).toBe(false);
    expect(hasFilters(parse('out_of_stock=1'))).toBe(true);
  });

  it('keeps filters and sort alongside a search, in the URL and the request', () => {
    const query = parse('search=shirt&min_price=500&max_price=1500&size=M&in_stock=1&sort=price_low_high&page=2');
    expect(query).toMatchObject({ search: 'shirt', minPrice: 500, maxPrice: 1500, sizes: ['M'], inStock: true });
    expect(serialiseShopQuery(query).toString()).toBe(
      'search=shirt&min_price=500&max_price=1500&size=M&in_stock=1&sort=price_low_high&page=2',
    );
    expect(productFiltersOf(query, [])).toMatchObject({ min_price: 500, max_price: 1500, sort_by: 'price_low_high' });
  });

  it('clears filters but keeps the search, or clears the search but keeps the filters', () => {
    const query = parse('search=shirt&categories=Shirts&max_price=999&sort=name_asc&page=3');
    expect(clearFiltersHref(query)).toBe('/shop?search=shirt');
    expect(clearSearchHref(query)).toBe('/shop?categories=Shirts&max_price=999&sort=name_asc');
    expect(clearFiltersHref(parse('in_stock=1'))).toBe('/shop');
    expect(clearSearchHref(parse('search=shirt'))).toBe('/shop');
  });
});

describe('pageItems', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('puts ellipses in long ranges', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 'ellipsis', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'ellipsis', 9, 10, 11, 'ellipsis', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'ellipsis', 19, 20]);
  });

  it('shows a single missing page instead of an ellipsis', () => {
    expect(pageItems(4, 8)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 8]);
  });

  it('clamps the current page and handles no pages', () => {
    expect(pageItems(50, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 0)).toEqual([]);
  });
});

describe('showingHtml', () => {
  it('states the range and total', () => {
    expect(showingHtml(1, 12, 234)).toBe('Showing 1&ndash;12 of 234');
    expect(showingHtml(null, null, 0)).toBe('Showing 0 of 0');
  });

  it('says "+" when the count stopped at its cap', () => {
    expect(showingHtml(1, 12, LISTING_COUNT_LIMIT, LISTING_COUNT_LIMIT)).toBe(`Showing 1&ndash;12 of ${LISTING_COUNT_LIMIT}+`);
    expect(showingHtml(1, 12, LISTING_COUNT_LIMIT - 1, LISTING_COUNT_LIMIT)).toBe(`Showing 1&ndash;12 of ${LISTING_COUNT_LIMIT - 1}`);
    expect(showingHtml(13, 24, SEARCH_RESULTS_LIMIT, SEARCH_RESULTS_LIMIT)).toBe(`Showing 13&ndash;24 of ${SEARCH_RESULTS_LIMIT}+`);
  });
});

describe('countCapOf', () => {
  it('is the search cap for a plain search and the listing cap for anything else', () => {
    expect(countCapOf({ ...EMPTY_SHOP_QUERY, search: 'shirt' })).toBe(SEARCH_RESULTS_LIMIT);
    expect(countCapOf({ ...EMPTY_SHOP_QUERY, search: 'shirt', sizes: ['M'] })).toBe(LISTING_COUNT_LIMIT);
    expect(countCapOf({ ...EMPTY_SHOP_QUERY, search: 'shirt', sort: 'price_low_high' })).toBe(LISTING_COUNT_LIMIT);
    expect(countCapOf(EMPTY_SHOP_QUERY)).toBe(LISTING_COUNT_LIMIT);
  });
});
