/**
 * Header search (SPEC §2 Header, §5 Search). The server renders a link to a
 * plain GET form (`/shop?search=...`) that CSS shows as the link's `:target`,
 * so searching works without JavaScript. Once hydrated the link becomes a
 * button opening the dropdown, suggestions fill the input, Escape / an outside
 * click / the close button close it (with a ~400 ms animation), and only
 * trimmed non-empty text is submitted; the input is disabled until the
 * browser has left the page.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { SEARCH_CLOSE_ANIMATION_MS, SUGGESTED_SEARCH_TERMS } from '../../lib/constants.ts';
import { searchTarget } from '../../lib/header.ts';
import { ROUTES } from '../../lib/routes.ts';
import { $headerMenu, closeHeaderMenu, openHeaderMenu } from '../../stores/ui.ts';
import { CloseIcon, SearchIcon } from '../ui/Icons.tsx';
import { useEnhanced } from '../ui/use-enhanced.ts';
import { markPureIsland } from '../../lib/pure-island.ts';

const PANEL_ID = 'header-search';
const PLACEHOLDER = 'Search for products, brands, categories...';

interface Props {
  /** The search of the current page (/shop?search=...), shown in the input. */
  initialText?: string;
}

const iconButton =
  'inline-flex size-10 items-center justify-center rounded-full transition-colors hover:bg-current/10';

export default function SearchBox({ initialText = '' }: Props) {
  const open = useStore($headerMenu) === 'search';
  const [closing, setClosing] = useState(false);
  const [loading, setLoading] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const hydrated = useEnhanced(() => wrapperRef.current);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    // Coming back through the history cache: the page is live again, so is the input.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLoading(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pageshow', onPageShow);
      clearTimeout(closeTimer.current);
    };
  }, []);

  const show = () => {
    clearTimeout(closeTimer.current);
    setClosing(false);
    openHeaderMenu('search');
  };

  /** Plays the closing animation, then closes; focus goes back to the search button when asked. */
  const close = (returnFocus: boolean) => {
    if (returnFocus) toggleRef.current?.focus();
    setClosing(true);
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => {
      setClosing(false);
      closeHeaderMenu('search');
    }, SEARCH_CLOSE_ANIMATION_MS);
  };

  useEffect(() => {
    if (open && !closing) inputRef.current?.focus();
  }, [open, closing]);

  useEffect(() => {
    if (!open || closing) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  });

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = searchTarget(inputRef.current?.value ?? '');
    if (!target || loading) return;
    setLoading(true);
    window.location.assign(target);
  };

  const visible = hydrated && open;
  const panelState = !hydrated
    ? 'hidden target:block'
    : !visible
      ? 'hidden'
      : closing
        ? '-translate-y-2 opacity-0'
        : 'starting:-translate-y-2 starting:opacity-0';

  return (
    <div
      ref={wrapperRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && visible) {
          event.stopPropagation();
          close(true);
        }
      }}
    >
      {hydrated ? (
        <button
          ref={toggleRef}
          type="button"
          className={iconButton}
          aria-label="Search products"
          aria-expanded={visible && !closing}
          aria-controls={PANEL_ID}
          data-reach="search"
          onClick={() => (visible && !closing ? close(false) : show())}
        >
          <SearchIcon />
        </button>
      ) : (
        <a href={`#${PANEL_ID}`} className={iconButton} aria-label="Search products" data-reach="search">
          <SearchIcon />
        </a>
      )}

      {/* duration-400 matches SEARCH_CLOSE_ANIMATION_MS. */}
      <div
        id={PANEL_ID}
        className={`absolute inset-x-0 top-full z-50 border-t border-current/10 bg-header text-on-header shadow-lg transition-[opacity,translate] duration-400 ${panelState}`}
      >
        <div className="mx-auto max-w-3xl px-4 py-4">
          <form action={ROUTES.shop} method="get" role="search" onSubmit={onSubmit} className="flex items-center gap-2">
            <label htmlFor="header-search-input" className="sr-only">
              Search
            </label>
            <input
              ref={inputRef}
              id="header-search-input"
              name="search"
              type="search"
              defaultValue={initialText}
              placeholder={PLACEHOLDER}
              disabled={loading}
              autoComplete="off"
              className="h-11 min-w-0 flex-1 rounded-full border border-current/20 bg-transparent px-4 text-base placeholder:opacity-60 disabled:opacity-60 md:text-sm"
            />
            <button type="submit" className="h-11 rounded-full bg-button px-5 text-sm font-semibold text-on-button">
              Search
            </button>
            {hydrated ? (
              <button type="button" className={iconButton} aria-label="Close search" onClick={() => close(true)}>
                <CloseIcon />
              </button>
            ) : (
              <a href="#" className={iconButton} aria-label="Close search">
                <CloseIcon />
              </a>
            )}
          </form>
          {hydrated && (
            <div className="mt-3">
              <p id="header-search-suggestions" className="text-xs font-semibold tracking-wide uppercase opacity-70">
                Suggested searches
              </p>
              <ul aria-labelledby="header-search-suggestions" className="mt-2 flex flex-wrap gap-2">
                {SUGGESTED_SEARCH_TERMS.map((term) => (
                  <li key={term}>
                    <button
                      type="button"
                      className="rounded-full border border-current/20 px-3 py-1 text-sm transition-colors hover:bg-current/10"
                      onClick={() => {
                        if (!inputRef.current) return;
                        inputRef.current.value = term;
                        inputRef.current.focus();
                      }}
                    >
                      {term}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

// Its server HTML depends on its props alone: rendered once per props (decision 034).
markPureIsland(SearchBox, 'sb');
