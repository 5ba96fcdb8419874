import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Field name -> messages, as the provider's clients read `errors`. */
export type FieldErrors = Record<string, string[]>;

/** `{ success: true, message, data }`: every successful answer. */
export function ok<T>(c: Context, data: T, message = 'Success', status: ContentfulStatusCode = 200) {
  return c.json({ success: true, message, data }, status);
}

/** `{ success: false, message, errors }` with a real status code (API-NOTES: Conventions). */
export function fail(c: Context, status: ContentfulStatusCode, message: string | string[], errors?: FieldErrors) {
  return c.json({ success: false, message, ...(errors ? { errors } : {}) }, status);
}

/** Thrown anywhere below a route; app.ts turns it into the envelope. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly errors: FieldErrors | undefined;
  constructor(status: ContentfulStatusCode, message: string, errors?: FieldErrors) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}
