import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Field name -> messages, as the provider's clients read `errors`. */
export type FieldErrors = Record<string, string[]>;

/** `{ success: true, message, data }`: every successful answer. */
export function ok<T>(c: Context, data: T, message = 'Success', status: ContentfulStatusCode = 200) {
  return c.json({ success: true, message, data }, status);
}

/**
 * `{ success: false, message, errors }` with a real status code (API-NOTES:
 * Conventions); `data` when the failure carries something to act on (the
 * fresh prices of a 409 'Prices have changed').
 */
export function fail(c: Context, status: ContentfulStatusCode, message: string | string[], errors?: FieldErrors, data?: unknown) {
  return c.json({ success: false, message, ...(errors ? { errors } : {}), ...(data !== undefined ? { data } : {}) }, status);
}

/** Thrown anywhere below a route; app.ts turns it into the envelope. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly errors: FieldErrors | undefined;
  readonly data: unknown;
  constructor(status: ContentfulStatusCode, message: string, errors?: FieldErrors, data?: unknown) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.data = data;
  }
}
