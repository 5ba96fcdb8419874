import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { readAnswer } from '../../src/lib/api/parsed.ts';

const schema = z
  .object({ success: z.literal(true), message: z.string().optional(), data: z.object({ total: z.coerce.number().int() }) })
  .transform((body) => body.data.total);

describe('readAnswer', () => {
  it('yields the parsed value and the server message on success', async () => {
    const outcome = await readAnswer({ success: true, message: 'Done', data: { total: '42' } }, schema, 'Fallback', 'GET /x');
    expect(outcome).toEqual({ ok: true, value: 42, messages: ['Done'] });
  });

  it('reads null as cancelled', async () => {
    expect(await readAnswer(null, schema, 'Fallback', 'GET /x')).toEqual({ ok: false, cancelled: true });
  });

  it('keeps field errors, messages and data of a failure envelope', async () => {
    const outcome = await readAnswer(
      { success: false, message: 'Prices have changed', data: { lines: [1] } },
      schema,
      'Checkout failed',
      'POST /checkout',
    );
    expect(outcome).toEqual({ ok: false, messages: ['Prices have changed'], fieldErrors: {}, data: { lines: [1] } });
    const withErrors = await readAnswer({ success: false, errors: { pincode: ['Invalid PIN'] } }, schema, 'F', 'POST /x');
    expect(withErrors).toMatchObject({ ok: false, messages: ['Invalid PIN'], fieldErrors: { pincode: ['Invalid PIN'] } });
  });

  it('uses the fallback when a failure carries no message', async () => {
    expect(await readAnswer({ success: false }, schema, 'Checkout failed', 'POST /x')).toMatchObject({ messages: ['Checkout failed'] });
  });

  it('turns an answer that does not parse into Something went wrong, logged once', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bad = { success: true, data: { total: 'many' } };
    expect(await readAnswer(bad, schema, 'F', 'GET /once')).toEqual({ ok: false, messages: ['Something went wrong'], fieldErrors: {}, data: undefined });
    await readAnswer(bad, schema, 'F', 'GET /once');
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it('loads a parser given as a function only when an answer needs it', async () => {
    let loads = 0;
    const load = async () => {
      loads += 1;
      return schema;
    };
    expect(await readAnswer(null, load, 'F', 'GET /lazy')).toEqual({ ok: false, cancelled: true });
    expect(loads).toBe(0);
    expect(await readAnswer({ success: true, data: { total: 3 } }, load, 'F', 'GET /lazy')).toMatchObject({ ok: true, value: 3 });
    expect(loads).toBe(1);
  });
});
