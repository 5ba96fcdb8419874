import { describe, expect, it } from 'vitest';
import { NO_AFTER_SALE, dayMonthLabel, refundHint, refundSentence, returnSummary, returnWindowText, withReturnRequested, type LineRefund } from '../../src/lib/refunds.ts';

const refund = (patch: Partial<LineRefund> = {}): LineRefund => ({
  amountPaise: 629_10,
  status: 'initiated',
  initiatedAt: '2026-11-29T06:00:00.000Z',
  processedAt: null,
  testMode: false,
  ...patch,
});

describe('the refund sentence', () => {
  it('an initiated refund says when it started and how long it usually takes', () => {
    expect(refundSentence(refund())).toBe('Refund of ₹629.10 initiated on 29 Nov; it usually reaches your account in 5-7 working days');
  });

  it('a processed refund says when it was paid out', () => {
    expect(refundSentence(refund({ status: 'processed', processedAt: '2026-11-30T06:00:00.000Z' }))).toBe('Refund of ₹629.10 processed on 30 Nov');
  });

  it('a failed refund says the store is retrying it', () => {
    expect(refundSentence(refund({ status: 'failed' }))).toBe('Refund of ₹629.10 failed; we are retrying it');
  });

  it('writes the amount with Indian grouping', () => {
    expect(refundSentence(refund({ amountPaise: 1_23_456_00, status: 'failed' }))).toBe('Refund of ₹1,23,456.00 failed; we are retrying it');
    expect(refundSentence(refund({ amountPaise: 1299_00, status: 'failed' }))).toBe('Refund of ₹1,299.00 failed; we are retrying it');
  });

  it("dates the refund in India's time: 20:00 UTC is the next day there", () => {
    expect(refundSentence(refund({ initiatedAt: '2026-11-28T20:00:00.000Z' }))).toMatch(/ initiated on 29 Nov;/);
    expect(refundSentence(refund({ status: 'processed', processedAt: '2026-11-30T18:29:59.000Z' }))).toBe('Refund of ₹629.10 processed on 30 Nov');
    expect(refundSentence(refund({ status: 'processed', processedAt: '2026-11-30T18:30:00.000Z' }))).toBe('Refund of ₹629.10 processed on 1 Dec');
  });

  it('a processed refund without its time (not expected) is dated by its start', () => {
    expect(refundSentence(refund({ status: 'processed', processedAt: null }))).toBe('Refund of ₹629.10 processed on 29 Nov');
  });

  it('names each status in a few words for a row of My Orders', () => {
    expect(refundHint(refund())).toBe('Refund Initiated');
    expect(refundHint(refund({ status: 'processed' }))).toBe('Refund Processed');
    expect(refundHint(refund({ status: 'failed' }))).toBe('Refund Failed');
  });
});

describe('day and month', () => {
  it('uses short month names of its own, the same in every browser', () => {
    expect(dayMonthLabel('2026-09-05T10:00:00.000Z')).toBe('5 Sep');
    expect(dayMonthLabel('2026-12-31T18:30:00.000Z')).toBe('1 Jan');
  });

  it('keeps a text that is not a time as it is', () => {
    expect(dayMonthLabel('soon')).toBe('soon');
  });
});

describe('the return status', () => {
  it('is shown with each word capitalised, and none without a return', () => {
    expect(returnSummary({ returnStatus: 'return requested', returnNote: null })).toEqual({ label: 'Return Requested', note: null });
    expect(returnSummary({ returnStatus: 'refunded', returnNote: null })).toEqual({ label: 'Refunded', note: null });
    expect(returnSummary({ returnStatus: null, returnNote: 'stray' })).toBeNull();
  });

  it("a rejected return carries the store's note; other statuses and a blank note carry none", () => {
    expect(returnSummary({ returnStatus: 'return rejected', returnNote: ' The tag was removed ' })).toEqual({
      label: 'Return Rejected',
      note: 'Note from the store: The tag was removed',
    });
    expect(returnSummary({ returnStatus: 'return rejected', returnNote: '  ' })).toEqual({ label: 'Return Rejected', note: null });
    expect(returnSummary({ returnStatus: 'return approved', returnNote: 'Pick-up on Monday' })).toEqual({ label: 'Return Approved', note: null });
  });

  it('says until when a return may be asked for, only when the server allows one', () => {
    expect(returnWindowText({ returnableUntil: '2026-12-06T18:29:00.000Z' })).toBe('You can return this item until 6 Dec');
    expect(returnWindowText({ returnableUntil: null })).toBeNull();
  });

  it('a line whose return was asked for reads requested, with no Return offered again; the others stay as they were', () => {
    const lines = [
      { orderId: 1, ...NO_AFTER_SALE, returnableUntil: '2026-12-06T18:29:00.000Z' },
      { orderId: 2, ...NO_AFTER_SALE, returnableUntil: '2026-12-06T18:29:00.000Z' },
    ];
    const [asked, other] = withReturnRequested(lines, 1);
    expect(asked).toMatchObject({ orderId: 1, returnStatus: 'return requested', returnableUntil: null });
    expect(other).toBe(lines[1]);
  });
});
