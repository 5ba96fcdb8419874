import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { multipartBody } from '../../src/lib/api/multipart.ts';

/** The fields as the store API reads them: Hono's parseBody over the body text. */
async function readByServer(fields: Parameters<typeof multipartBody>[0]) {
  const { body, contentType } = multipartBody(fields);
  const app = new Hono().post('/', async (c) => c.json(await c.req.parseBody()));
  const response = await app.request('/', { method: 'POST', body, headers: { 'Content-Type': contentType } });
  return response.json();
}

describe('multipartBody', () => {
  it('is a form a server reads back field for field, without the empty ones', async () => {
    expect(await readByServer({ sub_category: '3,5', min_price: 100, in_stock: true, size: undefined, sort_by: null })).toEqual({
      sub_category: '3,5',
      min_price: '100',
      in_stock: 'true',
    });
  });

  it('keeps text beyond ASCII, quotes, dashes and line breaks in values', async () => {
    expect(await readByServer({ size: 'XL, “Free” – साड़ी', note: 'a\nb\r\nc' })).toEqual({ size: 'XL, “Free” – साड़ी', note: 'a\r\nb\r\nc' });
  });

  it('writes a name with a quote or a line break escaped, so it cannot break out of its header', async () => {
    const { body } = multipartBody({ 'a"b\r\nX-Injected: 1': 'v' });
    expect(body).toContain('name="a%22b%0D%0AX-Injected: 1"');
  });

  it('chooses a boundary that no value holds, a new one for every body', () => {
    const first = multipartBody({ a: '1' });
    const second = multipartBody({ a: '1' });
    expect(first.contentType).not.toBe(second.contentType);
    const boundary = first.contentType.replace('multipart/form-data; boundary=', '');
    expect(first.body.startsWith(`--${boundary}\r\n`)).toBe(true);
    expect(first.body.endsWith(`--${boundary}--\r\n`)).toBe(true);
  });
});
