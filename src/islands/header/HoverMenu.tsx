/**
 * A header link that also opens a popup (SPEC §2 Header: Category, Shop).
 * Before hydration (and without JavaScript) it is only the link. Once
 * hydrated: hovering opens the popup and leaving closes it after a delay;
 * a toggle button beside the link opens it from the keyboard or by click
 * (the WAI-ARIA disclosure navigation pattern), ArrowDown on the link opens it
 * and moves focus in, and Escape closes it and returns focus.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { CATEGORY_DROPDOWN_CLOSE_DELAY_MS } from '../../lib/constants.ts';
import { $headerMenu, closeHeaderMenu, openHeaderMenu, type HeaderMenu } from '../../stores/ui.ts';
import { useEnhanced } from '../ui/use-enhanced.ts';

interface Props {
  menu: HeaderMenu;
  href: string;
  label: string;
  /** Accessible name of the toggle button, e.g. 'Show categories'. */
  toggleLabel: string;
  /** Classes of the wrapper (whether the popup is placed against it or the header). */
  className?: string;
  /** Classes of the popup. */
  panelClassName: string;
  current?: boolean;
  /** The popup's content, rendered only while it is open. */
  children: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export default function HoverMenu(props: Props) {
  const { menu, href, label, toggleLabel, className, panelClassName, current, children } = props;
  const open = useStore($headerMenu) === menu;
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const hydrated = useEnhanced(() => wrapperRef.current);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const focusFirstOnOpen = useRef(false);
  /** Where Escape returns focus: the control that opened the popup. */
  const openerRef = useRef<HTMLElement | null>(null);

  const cancelClose = () => clearTimeout(closeTimer.current);
  const show = () => {
    cancelClose();
    openHeaderMenu(menu);
  };
  const hide = () => {
    cancelClose();
    closeHeaderMenu(menu);
  };

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // Focus moves into the popup when it was opened from the keyboard.
  useEffect(() => {
    if (!open || !focusFirstOnOpen.current) return;
    focusFirstOnOpen.current = false;
    wrapperRef.current?.querySelector<HTMLElement>(`[id="${panelId}"] :is(${FOCUSABLE})`)?.focus();
  });

  // An outside click closes the popup.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) hide();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      hide();
      (openerRef.current ?? linkRef.current)?.focus();
    } else if (event.key === 'ArrowDown' && event.target === linkRef.current) {
      event.preventDefault();
      focusFirstOnOpen.current = true;
      openerRef.current = linkRef.current;
      show();
    }
  };

  return (
    <div
      ref={wrapperRef}
      className={`flex items-center ${className ?? ''}`}
      onMouseEnter={
        hydrated
          ? () => {
              openerRef.current = null;
              show();
            }
          : undefined
      }
      onMouseLeave={
        hydrated
          ? () => {
              cancelClose();
              closeTimer.current = setTimeout(() => closeHeaderMenu(menu), CATEGORY_DROPDOWN_CLOSE_DELAY_MS);
            }
          : undefined
      }
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !wrapperRef.current?.contains(event.relatedTarget as Node | null)) hide();
      }}
    >
      <a
        ref={linkRef}
        href={href}
        aria-current={current ? 'page' : undefined}
        className={`rounded-md py-1.5 pl-3 text-sm font-medium transition-colors hover:bg-current/10 aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8 ${hydrated ? 'pr-1' : 'pr-3'}`}
      >
        {label}
      </a>
      {hydrated && (
        <button
          ref={toggleRef}
          type="button"
          aria-label={toggleLabel}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => {
            openerRef.current = toggleRef.current;
            if (open) hide();
            else show();
          }}
          className="inline-flex size-7 items-center justify-center rounded-md transition-colors hover:bg-current/10"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="m6 9 6 6 6-6" />
          </svg>
        </button>
      )}
      <div id={panelId} hidden={!open} className={panelClassName}>
        {open && children}
      </div>
    </div>
  );
}
