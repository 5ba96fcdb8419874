/**
 * An in-process call answered by the store API app (decision 060): the
 * Request Hono needs is built here, where the API runs (its own thread, or
 * the main thread when there is none), and its answer read back as text.
 */
import type { InProcessAnswer, InProcessCall } from '../src/lib/api/in-process-call.server.ts';

export type AppFetch = (request: Request) => Response | Promise<Response>;

export async function answerCall(appFetch: AppFetch, { method, url, headers, body }: InProcessCall): Promise<InProcessAnswer> {
  const response = await appFetch(new Request(url, { method, headers, body }));
  return { status: response.status, headers: [...response.headers], body: await response.text() };
}
