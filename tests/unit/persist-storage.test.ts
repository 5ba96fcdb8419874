// @vitest-environment happy-dom
import { atom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  STORE_STATE_KEY,
  clearPersistedState,
  onPersistedStateChange,
  persistGroup,
  readPersistedState,
  writePersistedGroup,
} from '../../src/stores/persist.ts';

const stored = () => JSON.parse(localStorage.getItem(STORE_STATE_KEY) ?? 'null') as unknown;
const unbinds: Array<() => void> = [];

beforeEach(() => localStorage.clear());
afterEach(() => {
  unbinds.splice(0).forEach((unbind) => unbind());
  vi.restoreAllMocks();
});

describe('persist.ts with localStorage', () => {
  it('keeps every group under the one store-state key', () => {
    expect(STORE_STATE_KEY).toBe('store-state');
    writePersistedGroup('cart', { items: [1], loadingCart: true });
    writePersistedGroup('wishlist', { ids: [2] });
    expect(localStorage.length).toBe(1);
    expect(stored()).toEqual({ cart: { items: [1] }, wishlist: { ids: [2] } });
    expect(readPersistedState()).toEqual({ cart: { items: [1] }, wishlist: { ids: [2] } });
  });

  it('restores a bound store from storage and writes its changes back without loading flags', () => {
    localStorage.setItem(STORE_STATE_KEY, JSON.stringify({ filters: { size: ['M'] } }));
    const $filters = atom({ size: [] as string[], loading: false });
    unbinds.push(persistGroup('filters', $filters, (value, current) => ({ ...current, ...(value as object) })));
    expect($filters.get()).toEqual({ size: ['M'], loading: false });
    $filters.set({ size: ['L'], loading: true });
    expect(stored()).toEqual({ filters: { size: ['L'] } });
  });

  it('never restores the ui group', () => {
    localStorage.setItem(STORE_STATE_KEY, JSON.stringify({ ui: { drawer: true } }));
    expect(readPersistedState()).toEqual({});
  });

  it('clears the stored state and bound stores, keeping only the listed groups', () => {
    const $cart = atom({ items: [] as number[] });
    const $storeInfo = atom({ name: '' });
    unbinds.push(persistGroup('cart', $cart), persistGroup('storeInfo', $storeInfo));
    $cart.set({ items: [1, 2] });
    $storeInfo.set({ name: 'Kapda Bazaar' });
    clearPersistedState({ keep: ['storeInfo'] });
    expect($cart.get()).toEqual({ items: [] });
    expect($storeInfo.get()).toEqual({ name: 'Kapda Bazaar' });
    expect(stored()).toEqual({ storeInfo: { name: 'Kapda Bazaar' } });
  });

  it('removes the key when nothing is kept', () => {
    writePersistedGroup('cart', { items: [1] });
    clearPersistedState();
    expect(localStorage.getItem(STORE_STATE_KEY)).toBeNull();
  });

  it('only warns when a write fails or storage is refused', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const full = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } };
    vi.spyOn(window, 'localStorage', 'get').mockReturnValue(full as unknown as Storage);
    expect(() => writePersistedGroup('cart', { items: [1] })).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(readPersistedState()).toEqual({});
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('tells a subscriber about another tab changing or clearing the key, and ignores other keys', () => {
    const seen: unknown[] = [];
    unbinds.push(onPersistedStateChange((state) => seen.push(state)));
    window.dispatchEvent(
      new StorageEvent('storage', { key: STORE_STATE_KEY, newValue: JSON.stringify({ auth: { user: { token: 't' } } }) }),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: '{}' }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(seen).toEqual([{ auth: { user: { token: 't' } } }, {}]);
  });
});
