/**
 * Reading JSON that a page or storage handed back (a data attribute, a stored
 * draft): the object it holds, or null for anything else, never a throw.
 * Callers then check each field they use.
 */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseJsonRecord(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/** A positive safe integer: a row id. */
export const isPositiveId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
