/**
 * Enhances the server-rendered /shop filter form (ShopFilters.astro; the page
 * names it in `data-instant-filters`): any change navigates to the form's
 * canonical URL at once, so the form stays the single source of truth and
 * works the same without JavaScript. Price boxes wait for typing to pause.
 * A plain script, no island: it renders nothing, and it must restore the
 * scroll position when the page opens, before any reach.
 */
import { DEFAULT_PRODUCT_PAGE } from '../lib/constants.ts';
import { parseShopQuery, shopHref } from '../lib/shop-query.ts';

/** Pause in typing a price before the listing reloads. */
const PRICE_INPUT_DEBOUNCE_MS = 700;

/** Where a checkbox's reload should open (sessionStorage: this tab, this visit). */
const SCROLL_KEY = 'shop-filter-scroll';

/** SPEC §2: a checkbox click does not scroll to the top, so the reload it causes opens where the shopper was. */
function rememberScroll(href: string): void {
  try {
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ href, y: window.scrollY }));
  } catch {
    // Storage refused: the page opens at the top, as any navigation does.
  }
}

function restoreScroll(): void {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? 'null');
    sessionStorage.removeItem(SCROLL_KEY);
    if (typeof saved !== 'object' || saved === null) return;
    const { href, y } = saved as { href?: unknown; y?: unknown };
    if (href === location.pathname + location.search && typeof y === 'number' && y > 0) window.scrollTo(0, y);
  } catch {
    // Nothing readable: stay at the top.
  }
}

/** The URL the form would submit, canonicalised; a filter change starts again at page 1. */
function formHref(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.append(name, value);
  return shopHref(parseShopQuery(params), { page: DEFAULT_PRODUCT_PAGE });
}

function enhance(form: HTMLFormElement): void {
  restoreScroll();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const apply = (keepScroll = false) => {
    clearTimeout(timer);
    // An invalid price (the browser's own check) waits for the shopper to fix it.
    if (!form.checkValidity()) return;
    const href = formHref(form);
    if (href === location.pathname + location.search) return;
    if (keepScroll) rememberScroll(href);
    location.assign(href);
  };
  const isCheckbox = (target: EventTarget | null) => target instanceof HTMLInputElement && target.type === 'checkbox';
  const isPrice = (target: EventTarget | null): target is HTMLInputElement =>
    target instanceof HTMLInputElement && target.type === 'number' && target.form === form;

  // A price box's `change` fires when focus moves on, often to the other
  // box: waiting for a pause in typing lets both prices go in one reload.
  form.addEventListener('change', (event) => {
    if (!isPrice(event.target)) apply(isCheckbox(event.target));
  });
  form.addEventListener('input', (event) => {
    const typedIn = event.target;
    if (!isPrice(typedIn)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      // The shopper has moved on to the other price: a reload now would drop
      // what they type there. Its own pause, or leaving the prices, applies both.
      const focused = document.activeElement;
      if (isPrice(focused) && focused !== typedIn) return;
      apply();
    }, PRICE_INPUT_DEBOUNCE_MS);
  });
  form.addEventListener('focusout', (event) => {
    if (isPrice(event.target) && !isPrice(event.relatedTarget)) apply();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });
}

const formId = document.querySelector<HTMLElement>('[data-instant-filters]')?.dataset.instantFilters;
const form = formId ? document.getElementById(formId) : null;
if (form instanceof HTMLFormElement) enhance(form);
