import type { Context } from 'hono';
import type { z } from 'zod';
import { REQUEST_MESSAGES } from '../messages.ts';
import { ApiError, type FieldErrors } from './envelope.ts';

/**
 * Reads the body as JSON (or multipart/urlencoded form, whose values arrive as
 * strings) and validates it with a shared schema. Any failure is a 400 naming
 * the fields; nothing malformed reaches a service.
 */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const input = parseWith(schema, await rawBody(c));
  // No text of the product holds a NUL, and PostgreSQL refuses one in text: a field the
  // schema let through with one is refused here rather than failing in the database.
  const path = nulPath(input);
  if (path !== undefined) throw new ApiError(400, REQUEST_MESSAGES.nulCharacter, { [path || 'body']: [REQUEST_MESSAGES.nulCharacter] });
  return input;
}

/** The dotted path of the first string holding a NUL ('' for the value itself), or undefined. */
function nulPath(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? '' : undefined;
  if (depth > 20 || typeof value !== 'object' || value === null) return undefined;
  for (const [key, v] of Object.entries(value)) {
    const inner = nulPath(v, depth + 1);
    if (inner !== undefined) return inner ? `${key}.${inner}` : key;
  }
  return undefined;
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'body';
    (errors[field] ??= []).push(issue.message);
  }
  const first = Object.values(errors)[0]?.[0] ?? REQUEST_MESSAGES.invalid;
  throw new ApiError(400, first, errors);
}

async function rawBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    try {
      const form = await c.req.formData();
      const values: Record<string, string> = {};
      for (const [key, value] of form.entries()) {
        if (typeof value === 'string') values[key.replace(/\[\]$/, '')] = value;
      }
      return values;
    } catch {
      throw new ApiError(400, REQUEST_MESSAGES.formUnreadable);
    }
  }
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, REQUEST_MESSAGES.jsonInvalid);
  }
}
