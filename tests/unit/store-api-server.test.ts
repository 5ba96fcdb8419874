import { describe, expect, it } from 'vitest';
import { getProducts } from '../../src/lib/api/catalog.ts';
import type { CallApi, InProcessAnswer } from '../../src/lib/api/in-process-call.server.ts';
import { serverApiClient } from '../../src/lib/api/store-api.server.ts';
import { getStoreInfo } from '../../src/lib/api/store.ts';

/** An in-process API that keeps every call it is handed, as the Request the API would get, and answers a failure envelope. */
function recordingApi() {
  const requests: Request[] = [];
  const callApi: CallApi = async (call) => {
    requests.push(new Request(call.url, { method: call.method, headers: call.headers, body: call.body }));
    return { status: 400, headers: [['content-type', 'application/json']], body: JSON.stringify({ success: false, message: 'recorded' }) };
  };
  return { requests, callApi };
}

describe('the in-process store API client', () => {
  it('sends a body with its length in bytes, as it would arrive over HTTP', async () => {
    const { requests, callApi } = recordingApi();
    const api = serverApiClient(callApi);
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
    const { requests, callApi } = recordingApi();
    await serverApiClient(callApi).get('/home-page-sections');
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.headers.has('Content-Length')).toBe(false);
  });

  it('writes a FormData body as fetch would, and sends it as text with its multipart type', async () => {
    const { requests, callApi } = recordingApi();
    const form = new FormData();
    form.append('size', 'M');
    await serverApiClient(callApi).post('/get-products', { form });
    expect(requests[0]?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect((await requests[0]!.formData()).get('size')).toBe('M');
  });

  it('gives the caller what the API answered: the body of a success, the envelope of a refusal', async () => {
    const answers: InProcessAnswer[] = [
      { status: 200, headers: [], body: JSON.stringify({ success: true, data: { sizes: ['M'] } }) },
      { status: 422, headers: [], body: JSON.stringify({ success: false, message: 'The size field is required.' }) },
    ];
    const api = serverApiClient(async () => answers.shift()!);
    expect(await api.post('/subcategory-variations', { json: {} })).toEqual({ success: true, data: { sizes: ['M'] } });
    expect(await api.post('/subcategory-variations', { json: {} })).toEqual({ success: false, message: 'The size field is required.' });
  });
});
