/** SPEC §2 route table: paths, link builders and the access column (for the route guards). */

export const ROUTES = {
  home: '/',
  shop: '/shop',
  categories: '/categories',
  cart: '/cart',
  /** The no-JavaScript add-to-cart post (src/pages/cart/add.ts). */
  cartAdd: '/cart/add',
  faq: '/faq',
  termsUse: '/terms-use',
  privacyPolicy: '/privacy-policy',
  checkout: '/checkout',
  signIn: '/signin',
  signUp: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** The mailed link that confirms an email address (opened by GET, confirmed by its button's POST). */
  verifyEmail: '/verify-email',
  payment: '/payment',
  myAccount: '/my-account/account',
  myOrders: '/my-account/orders',
  myWishlist: '/my-account/wishlist',
  orderSuccess: '/order-success',
  orderFailure: '/order-failure',
  notFound: '/not-found',
  notFound404: '/404',
} as const;

/** The sections shown under /my-account: SPEC §2's two, plus the wishlist SPEC §6 gives signed-in shoppers. */
export const ACCOUNT_SECTIONS = ['account', 'orders', 'wishlist'] as const;
export type AccountSection = (typeof ACCOUNT_SECTIONS)[number];

export function productPath(slug: string): string {
  return `/products/${encodeURIComponent(slug)}`;
}

export function accountPath(section: AccountSection): string {
  return `/my-account/${section}`;
}

/** /shop?categories={name} (SPEC §2 Header: category entries). */
export function shopCategoryPath(name: string): string {
  return `${ROUTES.shop}?${new URLSearchParams({ categories: name })}`;
}

/** /shop?search={text} (SPEC §2 Header: submitted search). */
export function shopSearchPath(text: string): string {
  return `${ROUTES.shop}?${new URLSearchParams({ search: text.trim() })}`;
}

/** SPEC §2 access column. */
export type RouteAccess = 'everyone' | 'signed-out' | 'signed-in';

const SIGNED_OUT_ONLY = new Set<string>([
  ROUTES.signIn,
  ROUTES.signUp,
  ROUTES.forgotPassword,
  ROUTES.resetPassword,
]);
const SIGNED_IN_ONLY = new Set<string>([ROUTES.payment, ROUTES.orderSuccess, ROUTES.orderFailure]);

/**
 * Who may open a path. Signed-out visitors on a signed-in route go to /signin;
 * signed-in visitors on a signed-out route go to / (SPEC §2).
 */
export function routeAccess(pathname: string): RouteAccess {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (SIGNED_OUT_ONLY.has(path)) return 'signed-out';
  if (SIGNED_IN_ONLY.has(path) || path === '/my-account' || path.startsWith('/my-account/')) return 'signed-in';
  return 'everyone';
}

/**
 * Where server.ts sends a request for a page Astro prerendered at build: that
 * route renders the built content inside the live layout (decision 013).
 * Asked for directly, it is an unknown path.
 */
export const PRERENDERED_PAGE_ROUTE = '/prerendered-page';
