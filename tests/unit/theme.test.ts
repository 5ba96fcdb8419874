import { describe, expect, it } from 'vitest';
import { FOOTER_FALLBACK_COLOR } from '../../src/lib/constants.ts';
import {
  brightness,
  fontFamilyStack,
  normaliseColour,
  SYSTEM_FONT_STACK,
  textColourOn,
  themeCss,
  themeFromStoreInfo,
} from '../../src/lib/theme.ts';

describe('normaliseColour', () => {
  it('accepts 6-digit hex and returns it lowercase', () => {
    expect(normaliseColour('#FFF7F2')).toBe('#fff7f2');
    expect(normaliseColour('#1f2937')).toBe('#1f2937');
  });

  it('expands 3-digit hex to 6 digits', () => {
    expect(normaliseColour('#abc')).toBe('#aabbcc');
    expect(normaliseColour('#FFF')).toBe('#ffffff');
  });

  it('ignores surrounding spaces', () => {
    expect(normaliseColour('  #0a0B0c ')).toBe('#0a0b0c');
  });

  it.each([
    ['missing #', 'ffffff'],
    ['4 digits', '#abcd'],
    ['8 digits', '#aabbccdd'],
    ['non-hex digits', '#ggg'],
    ['a colour name', 'red'],
    ['rgb()', 'rgb(0,0,0)'],
    ['empty', ''],
    ['undefined', undefined],
    ['null', null],
    ['a number', 123456],
  ])('gives #111111 for an invalid or missing value (%s)', (_label, value) => {
    expect(normaliseColour(value)).toBe('#111111');
  });
});

describe('textColourOn', () => {
  it('computes brightness as (299R + 587G + 114B) / 1000', () => {
    expect(brightness('#ffffff')).toBe(255);
    expect(brightness('#000000')).toBe(0);
    expect(brightness('#ff0000')).toBeCloseTo(76.245);
  });

  it('gives dark text at brightness exactly 128', () => {
    expect(brightness('#808080')).toBe(128);
    expect(textColourOn('#808080')).toBe('#111111');
  });

  it('gives white text just below 128', () => {
    expect(brightness('#7f7f7f')).toBe(127);
    expect(textColourOn('#7f7f7f')).toBe('#ffffff');
  });

  it('gives dark text on light backgrounds and white on dark ones', () => {
    expect(textColourOn('#ffffff')).toBe('#111111');
    expect(textColourOn('#FFF7F2')).toBe('#111111');
    expect(textColourOn('#111111')).toBe('#ffffff');
    expect(textColourOn('#1f2937')).toBe('#ffffff');
    expect(textColourOn('#ff0')).toBe('#111111');
  });

  it('treats an invalid background as #111111 and so gives white text', () => {
    expect(textColourOn('not a colour')).toBe('#ffffff');
  });
});

describe('themeFromStoreInfo', () => {
  it('uses the defaults table for keys absent from store-info', () => {
    const theme = themeFromStoreInfo({ store_name: 'Shop' });
    expect(theme.colours).toEqual({
      page: '#ffffff',
      button: '#111111',
      'top-header': '#111111',
      header: '#ffffff',
      footer: '#111111',
      'bottom-footer': '#fff7f2',
    });
    expect(theme.fontFamily).toBe(`"Instrument Sans", ${SYSTEM_FONT_STACK}`);
  });

  it('treats null and blank values as absent (defaults), not invalid', () => {
    const theme = themeFromStoreInfo({ headerBackgroundColor: null, bottomFooterBackgroundColor: '  ' });
    expect(theme.colours.header).toBe('#ffffff');
    expect(theme.colours['bottom-footer']).toBe('#fff7f2');
  });

  it('gives #111111 for a key present but invalid', () => {
    const theme = themeFromStoreInfo({ headerBackgroundColor: 'blue', backgroundColor: '#12345' });
    expect(theme.colours.header).toBe('#111111');
    expect(theme.colours.page).toBe('#111111');
    expect(theme.text.header).toBe('#ffffff');
  });

  it('takes valid store colours, normalised, with matching text colours', () => {
    const theme = themeFromStoreInfo({
      backgroundColor: '#FAFAFA',
      buttonBackgroundColor: '#e11',
      topHeaderBackgroundColor: '#fde047',
      headerBackgroundColor: '#0F172A',
      footerBackgroundColor: '#808080',
      bottomFooterBackgroundColor: '#7f7f7f',
    });
    expect(theme.colours).toEqual({
      page: '#fafafa',
      button: '#ee1111',
      'top-header': '#fde047',
      header: '#0f172a',
      footer: '#808080',
      'bottom-footer': '#7f7f7f',
    });
    expect(theme.text).toEqual({
      page: '#111111',
      button: '#ffffff',
      'top-header': '#111111',
      header: '#ffffff',
      footer: '#111111',
      'bottom-footer': '#ffffff',
    });
  });

  it('uses the footer fallback #1f2937 when no store-info loaded at all', () => {
    for (const theme of [themeFromStoreInfo(undefined), themeFromStoreInfo(null)]) {
      expect(theme.colours.footer).toBe(FOOTER_FALLBACK_COLOR);
      expect(theme.text.footer).toBe('#ffffff');
      expect(theme.colours.header).toBe('#ffffff');
      expect(theme.colours['bottom-footer']).toBe('#fff7f2');
    }
  });

  it('exposes every colour and text colour as --color-* variables, and the font as --font-store', () => {
    const theme = themeFromStoreInfo({ headerBackgroundColor: '#000', fontFamily: 'Poppins' });
    expect(theme.vars['--color-header']).toBe('#000000');
    expect(theme.vars['--color-on-header']).toBe('#ffffff');
    expect(theme.vars['--color-page']).toBe('#ffffff');
    expect(theme.vars['--color-on-page']).toBe('#111111');
    expect(Object.keys(theme.vars)).toHaveLength(13);
    expect(theme.vars['--font-store']).toBe(`"Poppins", ${SYSTEM_FONT_STACK}`);
  });

  it('renders the variables as one CSS rule', () => {
    const css = themeCss(themeFromStoreInfo(undefined));
    expect(css.startsWith('html:root{--color-page:#ffffff;')).toBe(true);
    expect(css).toContain('--color-footer:#1f2937');
    expect(css.endsWith('}')).toBe(true);
  });
});

describe('fontFamilyStack', () => {
  it('falls back to Instrument Sans when absent or empty', () => {
    expect(fontFamilyStack(undefined)).toBe(`"Instrument Sans", ${SYSTEM_FONT_STACK}`);
    expect(fontFamilyStack('  ')).toBe(`"Instrument Sans", ${SYSTEM_FONT_STACK}`);
  });

  it('keeps a list of families, quoting names and not generic keywords', () => {
    expect(fontFamilyStack("'Open Sans', Arial, sans-serif")).toBe(`"Open Sans", "Arial", sans-serif, ${SYSTEM_FONT_STACK}`);
  });

  it('strips characters that could break out of the style block', () => {
    const stack = fontFamilyStack('Evil}</style><script>alert(1)</script>;x:y');
    expect(stack).not.toMatch(/[<>{};:()/]/);
    expect(stack.startsWith('"Evilstylescriptalert1scriptxy"')).toBe(true);
  });
});
