/**
 * Enhances the server-rendered /shop filter form (ShopFilters.astro, found by
 * id): any change navigates to the form's canonical URL at once, so the form
 * stays the single source of truth and works the same without JavaScript.
 * Price boxes wait for typing to pause. Renders nothing.
 */
import { useEffect } from 'react';
import { DEFAULT_PRODUCT_PAGE } from '../../lib/constants.ts';
import { parseShopQuery, shopHref } from '../../lib/shop-query.ts';

/** Pause in typing a price before the listing reloads. */
export const PRICE_INPUT_DEBOUNCE_MS = 700;

interface Props {
  formId: string;
}

/** The URL the form would submit, canonicalised; a filter change starts again at page 1. */
export function formHref(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.append(name, value);
  return shopHref(parseShopQuery(params), { page: DEFAULT_PRODUCT_PAGE });
}

export default function InstantFilters({ formId }: Props) {
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const apply = () => {
      clearTimeout(timer);
      // An invalid price (the browser's own check) waits for the shopper to fix it.
      if (!form.checkValidity()) return;
      const href = formHref(form);
      if (href !== location.pathname + location.search) location.assign(href);
    };
    const isPrice = (target: EventTarget | null) => target instanceof HTMLInputElement && target.type === 'number';

    // A price box's `change` fires when focus moves on, often to the other
    // box: waiting for a pause in typing lets both prices go in one reload.
    const onChange = (event: Event) => {
      if (!isPrice(event.target)) apply();
    };
    const onInput = (event: Event) => {
      if (!isPrice(event.target)) return;
      clearTimeout(timer);
      timer = setTimeout(apply, PRICE_INPUT_DEBOUNCE_MS);
    };
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      apply();
    };

    form.addEventListener('input', onInput);
    form.addEventListener('change', onChange);
    form.addEventListener('submit', onSubmit);
    return () => {
      clearTimeout(timer);
      form.removeEventListener('input', onInput);
      form.removeEventListener('change', onChange);
      form.removeEventListener('submit', onSubmit);
    };
  }, [formId]);

  return null;
}
