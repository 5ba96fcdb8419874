import { describe, expect, it } from 'vitest';
import { getProducts } from '../../src/lib/api/catalog.ts';
import { serverApiClient } from '../../src/lib/api/store-api.server.ts';
import { getStoreInfo } from '../../src/lib/api/store.ts';

/** An in-process API that keeps every request it is handed and answers a failure envelope. */
function recordingApi() {
  const requests: Request[] = [];
  const apiFetch = async (request: Request) => {
    requests.push(request);
    return Response.json({ success: false, message: 'recorded' }, { status: 400 });
  };
  return { requests, apiFetch };
}

describe('the in-process store API client', () => {
  it('sends a body with its length in bytes, as it would arrive over HTTP', async () => {
    const { requests, apiFetch } = recordingApi();
    const api = serverApiClient(apiFetch);
    await getStoreInfo(api);
    await getProducts(api, { size: ['साड़ी'], sort_by: 'newest' }, 1);
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      const bytes = new Uint8Array(await request.clone().arrayBuffer());
      expect(request.headers.get('Content-Length')).toBe(String(bytes.byteLength));
    }
    const form = await requests[1]!.formData();
    expect(form.get('size')).toBe('साड़ी');
  });

  it('sends no length for a request without a body', async () => {
    const { requests, apiFetch } = recordingApi();
    await serverApiClient(apiFetch).get('/home-page-sections');
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.headers.has('Content-Length')).toBe(false);
  });
});
