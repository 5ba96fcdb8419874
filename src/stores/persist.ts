/**
 * The one local-storage key of SPEC §3 "Persisted client state". Only this
 * file touches it: stores hand their group to `persistGroup`, which restores it
 * on start and writes it back (loading flags stripped) on every change. The
 * `ui` group is never restored. A failed read or write only logs a warning.
 * Another tab's change arrives through `onPersistedStateChange` (SPEC §4
 * Cross-tab sync).
 */
import type { WritableAtom } from 'nanostores';

export const STORE_STATE_KEY = 'store-state';

export const PERSISTED_GROUPS = [
  'auth',
  'cart',
  'wishlist',
  'store',
  'products',
  'filters',
  'storeInfo',
  'homeSections',
  'checkout',
] as const;
export type PersistedGroup = (typeof PERSISTED_GROUPS)[number];
export type PersistedState = Partial<Record<PersistedGroup, unknown>>;

const isGroup = (name: string): name is PersistedGroup => (PERSISTED_GROUPS as readonly string[]).includes(name);
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `loading`, `loadingCart`, `verificationLoading`: in-flight flags, meaningless after a reload. */
export function isLoadingFlag(name: string): boolean {
  return /^loading/i.test(name) || /Loading$/.test(name);
}

/** The group without its top-level loading flags (non-objects pass through). */
export function stripLoadingFlags<T>(value: T): T {
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([name]) => !isLoadingFlag(name))) as T;
}

/** The stored text: known groups only (never `ui`), loading flags stripped. */
export function serialiseState(state: Record<string, unknown>): string {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(state)) {
    if (isGroup(name) && value !== undefined) kept[name] = stripLoadingFlags(value);
  }
  return JSON.stringify(kept);
}

/** The stored text read back: known groups only; anything unreadable is `{}` with a warning. */
export function parseState(text: string | null | undefined): PersistedState {
  if (text === null || text === undefined || text === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    console.warn('Could not read the stored state', error);
    return {};
  }
  if (!isPlainObject(parsed)) return {};
  const state: PersistedState = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (isGroup(name)) state[name] = stripLoadingFlags(value);
  }
  return state;
}

/** The browser's localStorage; undefined on the server or when the browser refuses it. */
function browserStorage(): Storage | undefined {
  if (typeof window === 'undefined') return undefined;
  try {
    return window.localStorage;
  } catch (error) {
    console.warn('Local storage is unavailable', error);
    return undefined;
  }
}

export function readPersistedState(): PersistedState {
  const storage = browserStorage();
  if (!storage) return {};
  try {
    return parseState(storage.getItem(STORE_STATE_KEY));
  } catch (error) {
    console.warn('Could not read the stored state', error);
    return {};
  }
}

function writeState(state: Record<string, unknown>): void {
  const storage = browserStorage();
  if (!storage) return;
  try {
    const text = serialiseState(state);
    // An unchanged value is not written, so tabs applying each other's change settle.
    if (storage.getItem(STORE_STATE_KEY) !== text) storage.setItem(STORE_STATE_KEY, text);
  } catch (error) {
    console.warn('Could not save the stored state', error);
  }
}

/** Replaces one group in the stored state (undefined removes it). */
export function writePersistedGroup(group: PersistedGroup, value: unknown): void {
  writeState({ ...readPersistedState(), [group]: value });
}

interface RegisteredGroup {
  reset(): void;
}
const registered = new Map<PersistedGroup, RegisteredGroup>();

/**
 * Ties a store to its group: the stored value (through `restore`) replaces the
 * initial one now, and every later change is written back. Returns the unbind.
 */
export function persistGroup<T>(
  group: PersistedGroup,
  store: WritableAtom<T>,
  restore: (stored: unknown, current: T) => T = (stored, current) => (stored === undefined ? current : (stored as T)),
): () => void {
  const initial = store.get();
  const stored = readPersistedState()[group];
  if (stored !== undefined) store.set(restore(stored, initial));
  const unbind = store.listen((value) => writePersistedGroup(group, value));
  registered.set(group, { reset: () => store.set(initial) });
  return () => {
    unbind();
    registered.delete(group);
  };
}

/**
 * The app reset of SPEC §4 Logout: every bound store not kept returns to its
 * initial value and the stored state keeps only the `keep` groups.
 */
export function clearPersistedState({ keep = [] }: { keep?: PersistedGroup[] } = {}): void {
  for (const [group, binding] of registered) {
    if (!keep.includes(group)) binding.reset();
  }
  const current = readPersistedState();
  const kept: PersistedState = {};
  for (const group of keep) if (current[group] !== undefined) kept[group] = current[group];
  const storage = browserStorage();
  if (!storage) return;
  try {
    if (Object.keys(kept).length === 0) storage.removeItem(STORE_STATE_KEY);
    else writeState(kept);
  } catch (error) {
    console.warn('Could not clear the stored state', error);
  }
}

/**
 * Calls `listener` with the new stored state whenever another tab changes the
 * key (or clears the storage, which reads as `{}`). Returns the unsubscribe.
 */
export function onPersistedStateChange(listener: (state: PersistedState) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const handle = (event: StorageEvent) => {
    if (event.key !== null && event.key !== STORE_STATE_KEY) return;
    listener(event.key === null ? {} : parseState(event.newValue));
  };
  window.addEventListener('storage', handle);
  return () => window.removeEventListener('storage', handle);
}
