import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { readAnswer } from '../../src/lib/api/parsed.ts';

const schema = z
  .object({ success: z.literal(true), message: z.string().optional(), data: z.object({ total: z.coerce.number().int() }) })
  .transform((body) => body.data.total);

describe('readAnswer', () => {
  it('yields the parsed value and the server message on success', () => {
    const outcome = readAnswer({ success: true, message: 'Done', data: { total: '42' } }, schema, 'Fallback', 'GET /x');
    expect(outcome).toEqual({ ok: true, value: 42, messages: ['Done'] });
  });

  it('reads null as cancelled', () => {
    expect(readAnswer(null, schema, 'Fallback', 'GET /x')).toEqual({ ok: false, cancelled: true });
  });

  it('keeps field errors, messages and data of a failure envelope', () => {
    const outcome = readAnswer(
      { success: false, message: 'Prices have changed', data: { lines: [1] } },
      schema,
      'Checkout failed',
      'POST /checkout',
    );
    expect(outcome).toEqual({ ok: false, messages: ['Prices have changed'], fieldErrors: {}, data: { lines: [1] } });
    const withErrors = readAnswer({ success: false, errors: { pincode: ['Invalid PIN'] } }, schema, 'F', 'POST /x');
    expect(withErrors).toMatchObject({ ok: false, messages: ['Invalid PIN'], fieldErrors: { pincode: ['Invalid PIN'] } });
  });

  it('uses the fallback when a failure carries no message', () => {
    expect(readAnswer({ success: false }, schema, 'Checkout failed', 'POST /x')).toMatchObject({ messages: ['Checkout failed'] });
  });

  it('turns an answer that does not parse into Something went wrong, logged once', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bad = { success: true, data: { total: 'many' } };
    expect(readAnswer(bad, schema, 'F', 'GET /once')).toEqual({ ok: false, messages: ['Something went wrong'], fieldErrors: {}, data: undefined });
    readAnswer(bad, schema, 'F', 'GET /once');
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });
});
