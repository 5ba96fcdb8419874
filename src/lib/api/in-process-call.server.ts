/**
 * A store API call made inside the server process (server.ts's API, on its
 * own thread or this one): the request and its answer as plain data. A page
 * render's calls used to go through fetch's Request and Response, each body
 * through web streams, on the rendering thread; on /shop that was about 8 %
 * of the thread's samples (decision 060). The API still gets a Request, built
 * where it answers (server/api-call.ts).
 */
import type { ApiResponse, FetchLike } from './client.ts';

/** A call as the client makes it: method, absolute URL, headers and a text body. */
export interface InProcessCall {
  method: string;
  url: string;
  headers: [string, string][];
  body: string | undefined;
}

/** The API's answer: status, headers and its text. */
export interface InProcessAnswer {
  status: number;
  headers: [string, string][];
  body: string;
}

export type CallApi = (call: InProcessCall) => Promise<InProcessAnswer>;

/**
 * The client's fetch over an in-process API. The call goes as it would
 * arrive over HTTP: a text body with its length in bytes (the API's body limit
 * takes the length as given; without it, it read the body through and built
 * the request again, decision 043).
 */
export function inProcessFetch(callApi: CallApi): FetchLike {
  return async (input, init = {}) => {
    let headers = headerEntries(init.headers);
    let body: string | undefined;
    if (typeof init.body === 'string') body = init.body;
    else if (init.body !== undefined && init.body !== null) {
      // A FormData or other body: written as fetch would, then sent as text.
      const request = new Request(input, init);
      body = await request.text();
      headers = [...request.headers];
    }
    headers = headers.filter(([name]) => name.toLowerCase() !== 'content-length');
    if (body !== undefined) headers.push(['content-length', String(Buffer.byteLength(body))]);
    const answer = await callApi({ method: init.method ?? 'GET', url: input, headers, body });
    return answerResponse(answer);
  };
}

/** What the client reads of an answer. */
function answerResponse({ status, body }: InProcessAnswer): ApiResponse {
  return { status, ok: status >= 200 && status <= 299, text: () => Promise.resolve(body) };
}

function headerEntries(headers: HeadersInit | undefined): [string, string][] {
  if (!headers) return [];
  if (headers instanceof Headers) return [...headers];
  if (Array.isArray(headers)) return headers.map(([name, value]) => [String(name), String(value)]);
  return Object.entries(headers);
}
