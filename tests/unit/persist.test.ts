import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLoadingFlag, parseState, serialiseState, stripLoadingFlags } from '../../src/stores/persist.ts';

afterEach(() => vi.restoreAllMocks());

describe('persisted state helpers', () => {
  it('recognises loading flags by name', () => {
    expect(['loading', 'loadingCart', 'verificationLoading'].every(isLoadingFlag)).toBe(true);
    expect(['loaded', 'user', 'sent'].some(isLoadingFlag)).toBe(false);
  });

  it('strips top-level loading flags from a group and passes other values through', () => {
    expect(stripLoadingFlags({ user: { loading: 1 }, loading: true, verificationLoading: true, sent: true })).toEqual({
      user: { loading: 1 },
      sent: true,
    });
    expect(stripLoadingFlags([1, 2])).toEqual([1, 2]);
    expect(stripLoadingFlags(null)).toBeNull();
  });

  it('serialises only the SPEC groups, never ui, without loading flags', () => {
    const text = serialiseState({
      auth: { user: null, loading: true },
      cart: { items: [] },
      ui: { drawer: true },
      storeInfo: { name: 'Kapda Bazaar' },
      checkout: undefined,
    });
    expect(JSON.parse(text)).toEqual({ auth: { user: null }, cart: { items: [] }, storeInfo: { name: 'Kapda Bazaar' } });
  });

  it('parses the stored text back, dropping ui, unknown groups and loading flags', () => {
    const text = JSON.stringify({ auth: { loading: true, sent: true }, ui: { open: 1 }, junk: 1, filters: { size: ['M'] } });
    expect(parseState(text)).toEqual({ auth: { sent: true }, filters: { size: ['M'] } });
  });

  it('reads nothing from an empty key or a non-object', () => {
    expect(parseState(null)).toEqual({});
    expect(parseState('')).toEqual({});
    expect(parseState('[1,2]')).toEqual({});
  });

  it('only warns when the stored text is not JSON', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseState('{not json')).toEqual({});
    expect(warn).toHaveBeenCalledOnce();
  });
});
