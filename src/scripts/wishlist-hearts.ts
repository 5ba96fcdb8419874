/**
 * Every wishlist heart on the page (product cards, the product page), with
 * one click listener on the document, so a card carries no island. A
 * signed-in shopper's hearts show whether each product is in their wishlist
 * ($wishlistIds, read once per page load by the wishlist store) and toggle it
 * (the store toasts the server's message and refetches). A signed-out shopper
 * is asked to sign in: a note with a link to /signin, which takes focus and
 * closes on an outside press or on Escape (focus back to the heart).
 */
import { ROUTES } from '../lib/routes.ts';
import { WISHLIST_SIGN_IN_NOTE, decodeHeartProduct } from '../lib/wishlist-heart.ts';
import { $auth } from '../stores/auth.ts';

type WishlistModule = typeof import('../stores/wishlist.ts');

// A card clips what leaves its image, so the note stays narrow there.
const NOTE_CLASS = 'absolute top-full right-0 z-20 mt-2 rounded-lg border border-current/15 bg-page text-left text-on-page shadow-lg';
const NOTE_SIZE = { compact: 'w-40 p-2 text-xs', full: 'w-60 p-3 text-sm' };

let wishlistModule: Promise<WishlistModule> | null = null;
const loadWishlist = () => (wishlistModule ??= import('../stores/wishlist.ts'));
let openNote: { heart: HTMLButtonElement; note: HTMLElement } | null = null;

const heartsOf = (doc: Document) => doc.querySelectorAll<HTMLButtonElement>('button[data-wishlist-heart]');
const productOf = (heart: HTMLButtonElement) => decodeHeartProduct(heart.dataset.wishlistHeart);

function pressHearts(doc: Document, ids: ReadonlySet<number> | null): void {
  for (const heart of heartsOf(doc)) {
    const product = productOf(heart);
    heart.setAttribute('aria-pressed', String(Boolean(ids && product && ids.has(product.id))));
  }
}

function showNote(doc: Document, heart: HTMLButtonElement): void {
  const note = heart.dataset.note ? doc.getElementById(heart.dataset.note) : null;
  if (!note) return;
  if (openNote && openNote.heart !== heart) closeNote(false);
  const text = doc.createElement('p');
  text.textContent = WISHLIST_SIGN_IN_NOTE;
  const link = doc.createElement('a');
  link.href = ROUTES.signIn;
  link.className = 'mt-2 inline-block font-semibold underline';
  link.textContent = 'Sign in';
  note.replaceChildren(text, link);
  note.className = `${NOTE_CLASS} ${note.hasAttribute('data-compact') ? NOTE_SIZE.compact : NOTE_SIZE.full}`;
  heart.setAttribute('aria-describedby', note.id);
  openNote = { heart, note };
  link.focus();
}

function closeNote(returnFocus: boolean): void {
  if (!openNote) return;
  const { heart, note } = openNote;
  openNote = null;
  note.replaceChildren();
  note.className = 'sr-only';
  heart.removeAttribute('aria-describedby');
  if (returnFocus) heart.focus();
}

async function toggle(heart: HTMLButtonElement): Promise<void> {
  const product = productOf(heart);
  if (!product || heart.getAttribute('aria-busy') === 'true') return;
  heart.setAttribute('aria-busy', 'true');
  try {
    const [{ $wishlistIds, addToWishlist, removeFromWishlist }, { browserApi }] = await Promise.all([
      loadWishlist(),
      import('../stores/api-client.ts'),
    ]);
    if ($wishlistIds.get().has(product.id)) await removeFromWishlist(browserApi(), product.id);
    else await addToWishlist(browserApi(), product);
  } finally {
    heart.removeAttribute('aria-busy');
  }
}

/** Once per page (every WishlistHeart's script calls it). */
export function enhanceWishlistHearts(doc: Document): void {
  const root = doc.documentElement;
  if (root.dataset.wishlistHearts === 'ready') return;

  doc.addEventListener('click', (event) => {
    const heart = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-wishlist-heart]') : null;
    if (!heart) return;
    if ($auth.get().isAuthenticated) void toggle(heart);
    else showNote(doc, heart);
  });
  doc.addEventListener('pointerdown', (event) => {
    const box = openNote?.heart.closest('[data-wishlist-heart-box]');
    if (box && !(event.target instanceof Node && box.contains(event.target))) closeNote(false);
  });
  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && openNote) closeNote(true);
  });

  // Signed in: the hearts follow the wishlist (the store reads it once per page load); signed out: none pressed.
  let round = 0;
  let unfollow: (() => void) | null = null;
  let wasSignedIn: boolean | undefined;
  $auth.subscribe(({ isAuthenticated }) => {
    if (isAuthenticated === wasSignedIn) return;
    wasSignedIn = isAuthenticated;
    const mine = ++round;
    unfollow?.();
    unfollow = null;
    if (!isAuthenticated) return pressHearts(doc, null);
    closeNote(false);
    void loadWishlist().then(({ $wishlistIds }) => {
      if (mine === round) unfollow = $wishlistIds.subscribe((ids) => pressHearts(doc, ids));
    });
  });
  root.dataset.wishlistHearts = 'ready';
}
