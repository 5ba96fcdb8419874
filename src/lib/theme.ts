/**
 * SPEC §3 Theme: colours and font from store-info, with text colours derived
 * per background. Pure; the layout turns the result into CSS custom properties
 * that the Tailwind tokens in src/styles/global.css read.
 *
 * SPEC gives both a defaults table and "an invalid or missing colour gives
 * #111111". Reconciled as:
 * - a key ABSENT from store-info (undefined, null or blank) takes the table's
 *   default (so a store that never set its header colour gets a white header);
 * - a key PRESENT but not 3- or 6-digit hex (with #) gives #111111;
 * - when no store-info loaded at all, every key takes its default except the
 *   footer, which takes SPEC §9's footer fallback #1f2937.
 */
import { FOOTER_FALLBACK_COLOR } from './constants.ts';
import type { StoreInfo } from './api/store.ts';

export const THEME_DEFAULTS = {
  fontFamily: 'Instrument Sans',
  backgroundColor: '#ffffff',
  buttonBackgroundColor: '#111111',
  topHeaderBackgroundColor: '#111111',
  headerBackgroundColor: '#ffffff',
  footerBackgroundColor: '#111111',
  bottomFooterBackgroundColor: '#fff7f2',
} as const;

/** What an invalid colour becomes. */
export const INVALID_COLOUR = '#111111';
export const DARK_TEXT = '#111111';
export const LIGHT_TEXT = '#ffffff';
/** Backgrounds at or above this brightness get dark text. */
export const BRIGHTNESS_THRESHOLD = 128;

/** Local fonts only: no web font is fetched (the store's font is used when installed). */
export const SYSTEM_FONT_STACK =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** The themed surfaces; each gets `--color-{slot}` and `--color-on-{slot}`. */
export const THEME_SLOTS = {
  page: 'backgroundColor',
  button: 'buttonBackgroundColor',
  'top-header': 'topHeaderBackgroundColor',
  header: 'headerBackgroundColor',
  footer: 'footerBackgroundColor',
  'bottom-footer': 'bottomFooterBackgroundColor',
} as const;

export type ThemeSlot = keyof typeof THEME_SLOTS;
export type ThemeColourKey = (typeof THEME_SLOTS)[ThemeSlot];

export interface Theme {
  /** A CSS font-family value: the store's font, then the system stack. */
  fontFamily: string;
  /** Background colour per slot, as lowercase #rrggbb. */
  colours: Record<ThemeSlot, string>;
  /** Text colour per slot (#111111 or #ffffff). */
  text: Record<ThemeSlot, string>;
  /** `--color-{slot}`, `--color-on-{slot}` and `--font-store`, ready for CSS. */
  vars: Record<string, string>;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** True when the value is 3- or 6-digit hex with a leading #. */
export function isHexColour(value: unknown): value is string {
  return typeof value === 'string' && HEX.test(value.trim());
}

/** 3- or 6-digit hex (with #) as lowercase #rrggbb; anything else gives #111111. */
export function normaliseColour(value: unknown): string {
  if (!isHexColour(value)) return INVALID_COLOUR;
  const hex = value.trim().slice(1).toLowerCase();
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  return `#${full}`;
}

/** Perceived brightness (299R + 587G + 114B) / 1000, 0..255, of a colour (normalised first). */
export function brightness(colour: unknown): number {
  const hex = normaliseColour(colour);
  const r = Number.parseInt(hex.slice(1, 3), 16);
  const g = Number.parseInt(hex.slice(3, 5), 16);
  const b = Number.parseInt(hex.slice(5, 7), 16);
  return (299 * r + 587 * g + 114 * b) / 1000;
}

/** Dark text #111111 on backgrounds of brightness 128 or more, else white. */
export function textColourOn(background: unknown): string {
  return brightness(background) >= BRIGHTNESS_THRESHOLD ? DARK_TEXT : LIGHT_TEXT;
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Absent → the given default; present → normalised (invalid → #111111). */
export function resolveColour(value: unknown, absentDefault: string): string {
  return isAbsent(value) ? normaliseColour(absentDefault) : normaliseColour(value);
}

const GENERIC_FAMILIES = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-sans-serif',
  'ui-serif',
  'ui-monospace',
  'ui-rounded',
]);

/**
 * A safe CSS font-family list: the store's families (letters, digits, spaces,
 * hyphens and underscores only, so nothing can break out of the style block),
 * then the system stack. Absent or unusable → the default font.
 */
export function fontFamilyStack(fontFamily: unknown): string {
  const families = (typeof fontFamily === 'string' ? fontFamily : '')
    .split(',')
    .map((family) =>
      family
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((family) => family !== '')
    .slice(0, 5);
  const named = families.length > 0 ? families : [THEME_DEFAULTS.fontFamily];
  const quoted = named.map((family) => (GENERIC_FAMILIES.has(family.toLowerCase()) ? family : `"${family}"`));
  return `${quoted.join(', ')}, ${SYSTEM_FONT_STACK}`;
}

/** The whole theme from `storeinfo` (or defaults when store-info did not load). */
export function themeFromStoreInfo(storeinfo?: StoreInfo | null): Theme {
  const loaded = typeof storeinfo === 'object' && storeinfo !== null;
  const colours = {} as Record<ThemeSlot, string>;
  const text = {} as Record<ThemeSlot, string>;
  const vars: Record<string, string> = {};
  for (const [slot, key] of Object.entries(THEME_SLOTS) as [ThemeSlot, ThemeColourKey][]) {
    const absentDefault = !loaded && slot === 'footer' ? FOOTER_FALLBACK_COLOR : THEME_DEFAULTS[key];
    const colour = resolveColour(loaded ? storeinfo[key] : undefined, absentDefault);
    colours[slot] = colour;
    text[slot] = textColourOn(colour);
    vars[`--color-${slot}`] = colour;
    vars[`--color-on-${slot}`] = text[slot];
  }
  const fontFamily = fontFamilyStack(loaded ? storeinfo.fontFamily : undefined);
  vars['--font-store'] = fontFamily;
  return { fontFamily, colours, text, vars };
}

/**
 * The theme as one CSS rule. `html:root` outranks Tailwind's layered `:root`
 * defaults whatever the order of the stylesheets.
 */
export function themeCss(theme: Theme, selector = 'html:root'): string {
  const declarations = Object.entries(theme.vars).map(([name, value]) => `${name}:${value}`);
  return `${selector}{${declarations.join(';')}}`;
}
