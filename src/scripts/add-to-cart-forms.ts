/**
 * Takes over the submit of every add-to-cart form on the page (product page,
 * product cards, wishlist rows) with one listener on the document, so a card
 * carries no island. Until this has run the form still works: it posts to
 * /cart/add. Once it has, a submit checks the size, calls the cart store
 * (which adds the line, toasts and opens the drawer, SPEC §4 Cart) and shows a
 * refusal by the button. The store modules load with the first submit; if
 * they cannot, the form is posted as it would be without JavaScript.
 */
import { CART_ERROR_PARAM, CART_ERRORS, checkAdd, decodeAddPayload, formQuantity, formVariantId } from '../lib/add-to-cart.ts';

const MESSAGE_CLASS = 'rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800';

const buttonOf = (form: HTMLFormElement) => form.querySelector<HTMLButtonElement>('button[data-add-to-cart]');

function showMessage(form: HTMLFormElement, text: string | null): void {
  const line = form.querySelector<HTMLElement>('[data-add-to-cart-message]');
  if (!line) return;
  line.textContent = text ?? '';
  line.className = text ? MESSAGE_CLASS : 'sr-only';
}

async function submit(form: HTMLFormElement, button: HTMLButtonElement): Promise<void> {
  if (button.getAttribute('aria-busy') === 'true') return;
  const payload = decodeAddPayload(button.dataset.addToCart);
  if (!payload) return form.submit();
  const fields = new FormData(form);
  const check = checkAdd(payload.variants, payload.product.quantity, formVariantId(fields.get('variant_id')));
  if (!check.ok) {
    showMessage(form, CART_ERRORS[check.code]);
    if (check.code === 'size') form.querySelector<HTMLElement>('[name="variant_id"]:not(:disabled)')?.focus();
    return;
  }
  showMessage(form, null);
  button.setAttribute('aria-busy', 'true');
  try {
    let stores;
    try {
      stores = await Promise.all([import('../stores/cart.ts'), import('../stores/api-client.ts')]);
    } catch {
      return form.submit();
    }
    const [{ addToCart }, { browserApi }] = stores;
    await addToCart(browserApi(), payload.product, check.variant, formQuantity(fields.get('quantity')));
  } finally {
    button.removeAttribute('aria-busy');
  }
}

function addToCartFormOf(target: EventTarget | null): HTMLFormElement | null {
  const form = target instanceof Element ? target.closest('form') : null;
  return form && buttonOf(form) ? form : null;
}

/** Once per page (every AddToCartButton's script calls it). */
export function enhanceAddToCartForms(doc: Document): void {
  const root = doc.documentElement;
  if (root.dataset.addToCartForms === 'ready') return;
  doc.addEventListener('submit', (event) => {
    const form = addToCartFormOf(event.target);
    if (!form || event.defaultPrevented) return;
    event.preventDefault();
    void submit(form, buttonOf(form)!);
  });
  // A new choice clears the last refusal.
  doc.addEventListener('change', (event) => {
    const form = addToCartFormOf(event.target);
    if (form) showMessage(form, null);
  });
  // The server's refusal (`?cart_error=`) shows by the button already; a reload should not show it again.
  const url = new URL(doc.location.href);
  if (url.searchParams.has(CART_ERROR_PARAM)) {
    url.searchParams.delete(CART_ERROR_PARAM);
    history.replaceState(history.state, '', url);
  }
  // Tests (and anything else) can tell the forms are taken over.
  root.dataset.addToCartForms = 'ready';
}
