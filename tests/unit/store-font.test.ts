import { describe, expect, it } from 'vitest';
import { PRELOADED_WEIGHT, SHIPPED_FONTS, SHIPPED_WEIGHTS, fontCssVariable, fontDisplayOf, shippedFont } from '../../src/lib/store-font.ts';

describe('store font', () => {
  it('picks the shipped font a store names first, whatever its case or quotes', () => {
    expect(shippedFont('Instrument Sans')?.slug).toBe('instrument-sans');
    expect(shippedFont('"dm sans", Arial')?.slug).toBe('dm-sans');
    expect(shippedFont(' Raleway ')?.name).toBe('Raleway');
  });

  it('leaves any other family to the system font', () => {
    expect(shippedFont('Comic Neue')).toBeUndefined();
    expect(shippedFont('Arial, Inter')).toBeUndefined();
    expect(shippedFont(undefined)).toBeUndefined();
  });

  it('ships the six families of the set, each under its own CSS variable', () => {
    expect(SHIPPED_FONTS.map((font) => font.name)).toEqual(['Instrument Sans', 'Inter', 'Poppins', 'Roboto', 'DM Sans', 'Raleway']);
    expect(new Set(SHIPPED_FONTS.map(fontCssVariable)).size).toBe(6);
  });

  it('swaps in only the preloaded weight; every other shipped weight is optional, so it never moves text already shown', () => {
    expect(fontDisplayOf(PRELOADED_WEIGHT)).toBe('swap');
    for (const weight of SHIPPED_WEIGHTS.filter((w) => w !== PRELOADED_WEIGHT)) expect(fontDisplayOf(weight)).toBe('optional');
  });
});
