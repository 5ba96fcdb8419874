/**
 * The store's category list for the header islands (mobile drawer, Category
 * dropdown, Shop carousel), read from the one copy the header carries in
 * `data-categories` (src/components/Header.astro) instead of a copy in each
 * island's props (issue 16: the list was in each page three times). The
 * islands show it only once the shopper opens them, so the server renders
 * none: during hydration the list is empty, as in the server's HTML, then
 * the page's list.
 */
import { useSyncExternalStore } from 'react';
import type { Category } from '../../lib/api/store.ts';

export type HeaderCategory = Pick<Category, 'id' | 'name' | 'image'>;

const NONE: HeaderCategory[] = [];
let read: HeaderCategory[] | undefined;

/** The list in a header's `data-categories`, keeping only well-formed entries. */
export function parseHeaderCategories(raw: string | undefined): HeaderCategory[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? '[]');
  } catch {
    return NONE;
  }
  if (!Array.isArray(parsed)) return NONE;
  return parsed.filter(
    (c): c is HeaderCategory =>
      typeof c === 'object' && c !== null && typeof c.id === 'number' && typeof c.name === 'string' &&
      (c.image === null || typeof c.image === 'string'),
  );
}

function pageCategories(): HeaderCategory[] {
  read ??= parseHeaderCategories(document.querySelector<HTMLElement>('[data-site-header]')?.dataset.categories);
  return read;
}

const unchanging = () => () => {};

export function useHeaderCategories(): HeaderCategory[] {
  return useSyncExternalStore(unchanging, pageCategories, () => NONE);
}
