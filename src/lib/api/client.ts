/**
 * The one seam for every store API call (SPEC §7). Framework-free: the server
 * builds one per request in src/middleware.ts (over the in-process API fetch
 * or STORE_API_URL); islands build one over the browser's fetch and `/api`.
 *
 * - Every call sends `API-KEY`, `Accept: application/json`, JSON bodies with
 *   `Content-Type: application/json`, and `Authorization: Bearer` when a token
 *   is known.
 * - It resolves, never rejects: the parsed body; a failure envelope; or null
 *   when the request was cancelled (SPEC §7 Behaviour). A network error, a
 *   timeout or a body that is not JSON becomes `{ success: false, message:
 *   fallback }`, where callers pass the SPEC §8 fallback for the call.
 * - A non-2xx answer is always a failure: its JSON body is kept (message,
 *   errors) with `success: false` set.
 */
import { MESSAGES } from '../messages.ts';
import { multipartBody } from './multipart.ts';

/** A response message: SPEC §8 allows a string or a list of strings. */
type ApiMessage = string | string[];

/** `{ field: [messages] }` for validation failures. */
export type FieldErrors = Record<string, string[]>;

/**
 * Every failure, from the server or made up by the client (network, non-JSON,
 * timeout; those always carry the caller's fallback message). A server body may
 * lack `message`: read texts through `failureMessages()`.
 */
export interface ApiFailure {
  success: false;
  /** SPEC §8: a text or a list of texts; a server's body is read as it came, so anything until checked. */
  message?: ApiMessage | unknown;
  /** `{ field: [texts] }` when a field was wrong; anything until checked. */
  errors?: FieldErrors | unknown;
}

/**
 * What `ApiClient.request<T>` resolves to: the parsed body `T`, a failure, or
 * null when the request was cancelled (SPEC §7 Behaviour). Resource modules
 * read it through their parsers (parsed.ts); nothing past them sees it.
 */
export type ApiResult<T> = T | ApiFailure | null;

/** What the client reads of an answer: a Response has it, and so has an in-process answer (in-process-call.server.ts). */
export type ApiResponse = Pick<Response, 'ok' | 'status' | 'text'>;

/** What the client needs of `fetch`; the global fetch and test doubles fit. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<ApiResponse>;

/** A bearer token, or a function that reads the current one (e.g. from a store). */
export type TokenSource = string | null | undefined | (() => string | null | undefined);

export interface ApiClientOptions {
  /** Defaults to the global fetch. */
  fetch?: FetchLike;
  /** Absolute (`http://host/api`) on the server; `/api` is fine in the browser. */
  baseUrl: string;
  apiKey: string;
  token?: TokenSource;
  /** Give up after this long with the fallback failure; 0 turns it off. */
  timeoutMs?: number;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ParamValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Sent as JSON (not on GET). A POST without `json` or `form` sends `{}`. */
  json?: unknown;
  /** Sent as multipart/form-data (SPEC: `/get-products`); null/undefined entries are left out. */
  form?: FormData | Record<string, ParamValue>;
  /** Added to the URL; null/undefined entries are left out. */
  query?: Record<string, ParamValue>;
  /** Aborting it cancels the request, which then resolves to null. */
  signal?: AbortSignal;
  /** The SPEC §8 fallback message for this call. Default 'Something went wrong'. */
  fallback?: string;
  /** Starting a request with the key of one still in flight cancels the older (it resolves to null). */
  key?: string;
  /** Overrides the client's token for this call (null sends none). */
  token?: string | null;
  /** Further request headers (e.g. Idempotency-Key); they never replace the key, token or content type. */
  headers?: Record<string, string>;
}

export interface ApiClient {
  readonly baseUrl: string;
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<ApiResult<T>>;
  get<T>(path: string, options?: RequestOptions): Promise<ApiResult<T>>;
  post<T>(path: string, options?: RequestOptions): Promise<ApiResult<T>>;
  /** Cancels every request in flight; each resolves to null. */
  abortAll(): void;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

const ABORTED: unique symbol = Symbol('aborted');

export function createApiClient(options: ApiClientOptions): ApiClient {
  // Wrapped so the browser's fetch is never called with a foreign `this`.
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const inFlight = new Set<AbortController>();
  const byKey = new Map<string, AbortController>();

  const currentToken = (override: string | null | undefined): string | null | undefined => {
    if (override !== undefined) return override;
    return typeof options.token === 'function' ? options.token() : options.token;
  };

  async function request<T>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
    const fallback = opts.fallback ?? MESSAGES.general.somethingWentWrong;
    if (opts.signal?.aborted) return null;

    const controller = new AbortController();
    let timedOut = false;
    const forwardAbort = () => controller.abort(opts.signal?.reason);
    opts.signal?.addEventListener('abort', forwardAbort, { once: true });
    if (opts.key !== undefined) {
      byKey.get(opts.key)?.abort();
      byKey.set(opts.key, controller);
    }
    inFlight.add(controller);
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs)
        : undefined;
    // Resolves on abort, so a fetch that ignores its signal (an in-process
    // handler) still lets the caller go at once.
    const abortSignalled = new Promise<typeof ABORTED>((resolve) => {
      controller.signal.addEventListener('abort', () => resolve(ABORTED), { once: true });
    });
    const race = <V>(work: Promise<V>): Promise<V | typeof ABORTED> => {
      work.catch(() => {}); // a late rejection after an abort is not unhandled
      return Promise.race([work, abortSignalled]);
    };
    const whenAborted = (): ApiResult<T> => (timedOut ? failure(fallback) : null);

    try {
      const init = buildInit(method, opts, options.apiKey, currentToken(opts.token));
      init.signal = controller.signal;
      const response = await race(doFetch(buildUrl(baseUrl, path, opts.query), init));
      if (response === ABORTED) return whenAborted();
      const text = await race(response.text());
      if (text === ABORTED) return whenAborted();
      return interpret<T>(response, text, fallback);
    } catch {
      return controller.signal.aborted ? whenAborted() : failure(fallback);
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      opts.signal?.removeEventListener('abort', forwardAbort);
      inFlight.delete(controller);
      if (opts.key !== undefined && byKey.get(opts.key) === controller) byKey.delete(opts.key);
    }
  }

  return {
    baseUrl,
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, opts) => request('POST', path, opts),
    abortAll() {
      for (const controller of [...inFlight]) controller.abort();
    },
  };
}

/** A failure made up by the client. */
export function failure(message: string): ApiFailure {
  return { success: false, message };
}

/** True for a failure envelope (not for null, which means cancelled). */
export function isFailure(result: unknown): result is ApiFailure {
  return typeof result === 'object' && result !== null && (result as { success?: unknown }).success === false;
}

/**
 * The texts to show for a failure (SPEC §8): the field errors when there are
 * any, else the message (a list stays a list), else the fallback.
 */
export function failureMessages(result: ApiFailure | null | undefined, fallback: string): string[] {
  const errors = result?.errors;
  const fieldErrors = (typeof errors === 'object' && errors !== null ? Object.values(errors) : [])
    .flat()
    .filter((text): text is string => typeof text === 'string' && text.trim() !== '');
  if (fieldErrors.length > 0) return fieldErrors;
  const message = result?.message;
  const list = (Array.isArray(message) ? message : [message]).filter(
    (text): text is string => typeof text === 'string' && text.trim() !== '',
  );
  return list.length > 0 ? list : [fallback];
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, ParamValue>): string {
  let url = baseUrl.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
  if (query) {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== null && value !== undefined) params.append(name, String(value));
    }
    const search = params.toString();
    if (search) url += (url.includes('?') ? '&' : '?') + search;
  }
  return url;
}

function buildInit(
  method: HttpMethod,
  opts: RequestOptions,
  apiKey: string,
  token: string | null | undefined,
): RequestInit {
  // A plain record, names in lower case so the client's own replace the caller's: no Headers object per call.
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(opts.headers ?? {})) headers[name.toLowerCase()] = value;
  headers.accept = 'application/json';
  headers['api-key'] = apiKey;
  if (token) headers.authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers };
  if (method === 'GET') return init; // a GET carries no body; use `query`
  if (opts.form instanceof FormData) {
    // No Content-Type: fetch writes the multipart boundary itself.
    init.body = opts.form;
  } else if (opts.form !== undefined) {
    const { body, contentType } = multipartBody(opts.form);
    headers['content-type'] = contentType;
    init.body = body;
  } else {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(opts.json ?? {});
  }
  return init;
}

function interpret<T>(response: ApiResponse, text: string, fallback: string): ApiResult<T> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return failure(fallback);
  }
  if (typeof body !== 'object' || body === null) return failure(fallback);
  if (!response.ok) {
    if (Array.isArray(body)) return failure(fallback);
    // The server's texts are kept as they came; failureMessages and parsed.ts read only the strings among them.
    return { ...body, success: false };
  }
  return body as T;
}
