/**
 * Parsed results at the seam: a call's answer is checked by its resource's
 * zod parser and handed on as the storefront's own type, so stores and islands
 * never see an envelope. Every resource module (catalog.ts, cart.ts,
 * checkout.ts, orders.ts, ...) reads its answers here: `parsedCall`, or
 * `readAnswer` for an answer it reshapes first.
 *
 * An answer that does not parse is a failure with 'Something went wrong',
 * logged once per call site and reason, so a contract break is visible without
 * flooding the console.
 */
// Only types from zod here: a parser is run through the Standard Schema interface every zod schema
// (full or mini) carries, so this file adds no parsing code to a page. Parsers of the calls that
// islands on every page make are loaded when the first such call goes out (see `Parser`).
import type { $ZodType } from 'zod/v4/core';
import { MESSAGES } from '../messages.ts';
import { failureMessages, type ApiClient, type FieldErrors, type HttpMethod, type RequestOptions } from './client.ts';

export interface Ok<T> {
  ok: true;
  value: T;
  /** The server's message (a list stays a list), when it sent one. */
  messages: string[];
}

export interface Failed {
  ok: false;
  cancelled?: false;
  /** The texts to show: field errors, else the server's message(s), else the fallback. */
  messages: string[];
  fieldErrors: FieldErrors;
  /** The failure body's `data`, e.g. fresh prices with a 409 'Prices have changed'. */
  data?: unknown;
}

export interface Cancelled {
  ok: false;
  cancelled: true;
}

export type Outcome<T> = Ok<T> | Failed | Cancelled;

/** A zod parser of a success body, or a function that loads one (a dynamic import, kept off the page until a call needs it). */
export type Parser<T> = $ZodType<T> | (() => Promise<$ZodType<T>>);

const logged = new Set<string>();

function logOnce(path: string, issue: string): void {
  const key = `${path}: ${issue}`;
  if (logged.has(key)) return;
  logged.add(key);
  console.error(`store API answer did not parse (${key})`);
}

/** The texts of an answer's `message`, a string or a list (SPEC §8), blanks dropped. */
export function messagesOf(message: unknown): string[] {
  const list = Array.isArray(message) ? message : [message];
  return list.filter((text): text is string => typeof text === 'string' && text.trim() !== '');
}

/** The field errors of a failure body: only `{ field: [texts] }` entries with texts. */
function fieldErrorsOf(errors: unknown): FieldErrors {
  if (typeof errors !== 'object' || errors === null) return {};
  const read: FieldErrors = {};
  for (const [field, texts] of Object.entries(errors)) {
    const list = messagesOf(texts);
    if (list.length > 0) read[field] = list;
  }
  return read;
}

export function failed(messages: string[], fieldErrors: FieldErrors = {}, data?: unknown): Failed {
  return { ok: false, messages, fieldErrors, data };
}

/**
 * Reads a raw client answer with `schema` (which describes the whole success
 * body). A failure envelope keeps its messages and field errors; `success`
 * false in a 2xx answer is a failure too.
 */
export async function readAnswer<T>(
  raw: unknown,
  parser: Parser<T>,
  fallback: string,
  where: string,
  /** The text for a server failure that says nothing (SPEC §4: a login refused with no message means an unverified email). */
  unexplained: string = fallback,
): Promise<Outcome<T>> {
  if (raw === null) return { ok: false, cancelled: true };
  const body = raw as { success?: unknown; message?: unknown; errors?: unknown; data?: unknown };
  if (typeof raw !== 'object' || body.success !== true) {
    const errors = fieldErrorsOf(body.errors);
    return failed(failureMessages({ success: false, message: messagesOf(body.message), errors }, unexplained), errors, body.data);
  }
  const schema = typeof parser === 'function' ? await parser() : parser;
  const parsed = await schema['~standard'].validate(raw);
  if (parsed.issues) {
    const first = parsed.issues[0];
    const path = (first?.path ?? []).map((key) => (typeof key === 'object' ? String(key.key) : String(key))).join('.');
    logOnce(where, `${path || '(body)'} ${first?.message ?? ''}`.trim());
    return failed([MESSAGES.general.somethingWentWrong]);
  }
  return { ok: true, value: parsed.value as T, messages: messagesOf(body.message) };
}

/** One store API call whose success body is checked by `schema`. */
export async function parsedCall<T>(
  api: ApiClient,
  method: HttpMethod,
  path: string,
  parser: Parser<T>,
  options: RequestOptions & { fallback: string; unexplained?: string },
): Promise<Outcome<T>> {
  const raw = await api.request<unknown>(method, path, options);
  return readAnswer(raw, parser, options.fallback, `${method} ${path.split('?')[0]}`, options.unexplained);
}
