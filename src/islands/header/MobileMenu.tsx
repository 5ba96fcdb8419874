/**
 * Small-screen menu (SPEC §2 Header): a slide-in left drawer with Home,
 * Category (expandable; the label itself goes to /categories), Shop and a
 * close button. Without JavaScript the hamburger is a link to the drawer,
 * which CSS shows as the `:target`. Once hydrated it is a modal dialog: page
 * scrolling is locked, focus moves in and stays, Escape or the close button
 * closes it and focus returns to the hamburger.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ROUTES, shopCategoryPath } from '../../lib/routes.ts';
import { $headerMenu, closeHeaderMenu, openHeaderMenu } from '../../stores/ui.ts';
import { CloseIcon, MenuIcon } from '../ui/Icons.tsx';
import { useEnhanced } from '../ui/use-enhanced.ts';
import { useHeaderCategories } from './use-header-categories.ts';
import { markPureIsland } from '../../lib/pure-island.ts';

const DRAWER_ID = 'mobile-menu';
/** Tailwind's md breakpoint: the drawer belongs to smaller screens. */
const DESKTOP_QUERY = '(min-width: 48rem)';
const FOCUSABLE = 'a[href], button:not([disabled])';

const iconButton =
  'inline-flex size-10 items-center justify-center rounded-full transition-colors hover:bg-current/10';
const rowLink = 'block flex-1 rounded-md px-3 py-2.5 text-base font-medium hover:bg-current/10';

export default function MobileMenu() {
  const categories = useHeaderCategories();
  const open = useStore($headerMenu) === 'drawer';
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const hamburgerRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  const hydrated = useEnhanced(() => drawerRef.current);
  const closeRef = useRef<HTMLButtonElement>(null);

  // While open: no page scrolling, focus inside; a widening screen closes it.
  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    root.classList.add('overflow-hidden');
    closeRef.current?.focus();
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => desktop.matches && closeHeaderMenu('drawer');
    desktop.addEventListener('change', onChange);
    return () => {
      root.classList.remove('overflow-hidden');
      desktop.removeEventListener('change', onChange);
    };
  }, [open]);

  const close = () => {
    closeHeaderMenu('drawer');
    hamburgerRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab' && drawerRef.current) {
      // Keep focus in the dialog: wrap around at either end.
      const focusable = [...drawerRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable.at(-1);
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  };

  const shown = hydrated && open;
  // Visibility is transitioned only when closing (the drawer stays visible while it slides out);
  // when opening it must be visible at once, or focus could not move in.
  const drawerState = !hydrated
    ? 'invisible transition-[translate] target:visible target:translate-x-0'
    : shown
      ? 'translate-x-0 transition-[translate]'
      : 'invisible transition-[translate,visibility]';

  return (
    <div className="md:hidden">
      {hydrated ? (
        <button
          ref={hamburgerRef}
          type="button"
          className={iconButton}
          aria-label="Open menu"
          aria-expanded={shown}
          aria-controls={DRAWER_ID}
          data-reach="menu"
          onClick={() => openHeaderMenu('drawer')}
        >
          <MenuIcon />
        </button>
      ) : (
        <a href={`#${DRAWER_ID}`} className={iconButton} aria-label="Open menu" data-reach="menu">
          <MenuIcon />
        </a>
      )}

      {shown && <div className="fixed inset-0 z-50 bg-black/40" aria-hidden="true" onClick={close} />}

      <div
        ref={drawerRef}
        id={DRAWER_ID}
        role={hydrated ? 'dialog' : undefined}
        aria-modal={shown ? true : undefined}
        aria-label={hydrated ? 'Menu' : undefined}
        onKeyDown={shown ? onKeyDown : undefined}
        className={`fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] -translate-x-full flex-col bg-header text-on-header shadow-xl duration-300 ${drawerState}`}
      >
        <div className="flex h-14 items-center justify-between border-b border-current/10 px-4">
          <p className="text-base font-semibold">Menu</p>
          {hydrated ? (
            <button ref={closeRef} type="button" className={iconButton} aria-label="Close menu" onClick={close}>
              <CloseIcon />
            </button>
          ) : (
            <a href="#" className={iconButton} aria-label="Close menu">
              <CloseIcon />
            </a>
          )}
        </div>
        <nav aria-label="Menu links" className="flex-1 overflow-y-auto p-2">
          <ul>
            <li>
              <a href={ROUTES.home} className={rowLink}>
                Home
              </a>
            </li>
            <li>
              <div className="flex items-center">
                <a href={ROUTES.categories} className={rowLink}>
                  Category
                </a>
                {hydrated && (
                  <button
                    type="button"
                    className={iconButton}
                    aria-label="Show categories"
                    aria-expanded={categoriesOpen}
                    aria-controls="mobile-menu-categories"
                    onClick={() => setCategoriesOpen(!categoriesOpen)}
                  >
                    <svg aria-hidden="true" viewBox="0 0 24 24" className={`size-4 transition-transform ${categoriesOpen ? 'rotate-180' : ''}`} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                      <path d="m6 9 6 6 6-6" />
                    </svg>
                  </button>
                )}
              </div>
              <ul id="mobile-menu-categories" hidden={!categoriesOpen} aria-label="Categories" className="pb-1 pl-4">
                {categories.length === 0 ? (
                  <li className="px-3 py-2 text-sm opacity-80">No categories found</li>
                ) : (
                  categories.map((category) => (
                    <li key={category.id}>
                      <a href={shopCategoryPath(category.name)} className="block rounded-md px-3 py-2 text-sm hover:bg-current/10">
                        {category.name}
                      </a>
                    </li>
                  ))
                )}
              </ul>
            </li>
            <li>
              <a href={ROUTES.shop} className={rowLink}>
                Shop
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}

// Its server HTML depends on its props alone: rendered once per props (decision 034).
markPureIsland(MobileMenu, 'mm');
