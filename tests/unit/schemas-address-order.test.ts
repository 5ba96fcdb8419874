import { FormApi } from '@tanstack/react-form';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ApiError } from '../../api/http/envelope.ts';
import { parseWith } from '../../api/http/validate.ts';
import { CANCEL_REASONS } from '../../src/lib/constants.ts';
import { shippingAddressSchema } from '../../src/lib/schemas/address.ts';
import { cancelOrderSchema } from '../../src/lib/schemas/order.ts';

/** The `errors` the API answers for an input (api/http/validate.ts), or null when it is valid. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> | null {
  try {
    parseWith(schema, input);
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error.errors ?? {};
    throw error;
  }
}

const address = {
  firstname: 'Asha',
  lastname: 'Verma',
  phone_number: '9876543210',
  alt_phone_number: '',
  address: '12 MG Road',
  pincode: '560001',
  city: 'Bengaluru',
  state: 'Karnataka',
};

describe('shipping address', () => {
  it('accepts a complete address, trimmed, leaving a blank alt phone out', () => {
    const parsed = shippingAddressSchema.parse({ ...address, address: ' 12 MG Road ', city: ' Bengaluru' });
    expect(parsed).toEqual({ ...address, alt_phone_number: undefined });
    expect(parsed.alt_phone_number).toBeUndefined();
  });

  it('keeps a valid alt phone and checks it like phone_number', () => {
    expect(shippingAddressSchema.parse({ ...address, alt_phone_number: '8765432109' }).alt_phone_number).toBe(
      '8765432109',
    );
    expect(errorsOf(shippingAddressSchema, { ...address, alt_phone_number: '0123456789' })).toEqual({
      alt_phone_number: ['Must be a valid 10-digit number'],
    });
    const { alt_phone_number: _alt, ...withoutAlt } = address;
    expect(shippingAddressSchema.safeParse(withoutAlt).success).toBe(true);
  });

  it('requires every address field with its own message, in field order', () => {
    expect(errorsOf(shippingAddressSchema, {})).toEqual({
      firstname: ['This field is required'],
      lastname: ['This field is required'],
      phone_number: ['Phone number is required'],
      address: ['Address is required'],
      pincode: ['Pincode is required'],
      city: ['City is required'],
      state: ['State is required'],
    });
  });

  it('requires a 6-digit pincode', () => {
    for (const pincode of ['56001', '5600011', '56o001']) {
      expect(errorsOf(shippingAddressSchema, { ...address, pincode })).toEqual({
        pincode: ['Must be a valid 6-digit pincode'],
      });
    }
  });

  it('ignores unknown fields', () => {
    expect(shippingAddressSchema.parse({ ...address, country: 'IN', id: 7 })).not.toHaveProperty('country');
  });

  it('works as a TanStack Form validator', () => {
    const form = new FormApi({ defaultValues: address, validators: { onChange: shippingAddressSchema } });
    form.mount();
    form.setFieldValue('pincode', '123');
    expect(form.getFieldMeta('pincode')?.errors.map((e) => (e as { message: string }).message)).toEqual([
      'Must be a valid 6-digit pincode',
    ]);
  });
});

describe('cancel order', () => {
  it('accepts every listed reason and drops a blank text', () => {
    for (const reason of CANCEL_REASONS.filter((r) => r !== 'Other')) {
      expect(cancelOrderSchema.parse({ order_id: 42, reject_reason_select: reason, reject_reason_input: '  ' })).toEqual({
        order_id: 42,
        reject_reason_select: reason,
      });
    }
  });

  it('sends an optional text trimmed, and reads a string order id', () => {
    expect(
      cancelOrderSchema.parse({ order_id: '42', reject_reason_select: 'Payment Issue', reject_reason_input: ' Card declined ' }),
    ).toEqual({ order_id: 42, reject_reason_select: 'Payment Issue', reject_reason_input: 'Card declined' });
  });

  it('requires a reason, and a listed one', () => {
    expect(errorsOf(cancelOrderSchema, { order_id: 42 })).toEqual({ reject_reason_select: ['Please select a reason'] });
    expect(errorsOf(cancelOrderSchema, { order_id: 42, reject_reason_select: '' })).toEqual({
      reject_reason_select: ['Please select a valid reason'],
    });
    expect(errorsOf(cancelOrderSchema, { order_id: 42, reject_reason_select: 'Bored' })).toEqual({
      reject_reason_select: ['Please select a valid reason'],
    });
  });

  it('requires the text when the reason is Other', () => {
    expect(errorsOf(cancelOrderSchema, { order_id: 42, reject_reason_select: 'Other' })).toEqual({
      reject_reason_input: ['Please specify your reason'],
    });
    expect(errorsOf(cancelOrderSchema, { order_id: 42, reject_reason_select: 'Other', reject_reason_input: '   ' })).toEqual(
      { reject_reason_input: ['Reason cannot be empty'] },
    );
    expect(
      cancelOrderSchema.parse({ order_id: 42, reject_reason_select: 'Other', reject_reason_input: ' Gift ', note: 'x' }),
    ).toEqual({ order_id: 42, reject_reason_select: 'Other', reject_reason_input: 'Gift' });
  });

  it('reports a bad order id beside a missing Other text', () => {
    expect(errorsOf(cancelOrderSchema, { order_id: 'abc', reject_reason_select: 'Other' })).toEqual({
      order_id: ['Order id must be a whole number'],
      reject_reason_input: ['Please specify your reason'],
    });
  });

  it('works as a TanStack Form validator', () => {
    const form = new FormApi({
      defaultValues: { order_id: 42, reject_reason_select: 'Changed My Mind', reject_reason_input: '' },
      validators: { onChange: cancelOrderSchema },
    });
    form.mount();
    form.setFieldValue('reject_reason_select', 'Other');
    expect(form.getFieldMeta('reject_reason_input')?.errors.map((e) => (e as { message: string }).message)).toEqual([
      'Please specify your reason',
    ]);
  });
});
