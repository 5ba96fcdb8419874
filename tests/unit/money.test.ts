import { describe, expect, it } from 'vitest';
import {
  formatPaiseAsRupees,
  formatPaiseHtml,
  formatRupees,
  groupIndian,
  isRupeeAmount,
  paiseOf,
  paiseToRupeesString,
  rupeesToPaise,
} from '../../src/lib/money.ts';
import { rupees } from '../helpers/rupees.ts';

describe('formatRupees', () => {
  it('groups digits the Indian way with two decimals', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456.00');
    expect(formatRupees('123456.00')).toBe('₹1,23,456.00');
  });

  it('reads the API rupee strings', () => {
    expect(formatRupees('1299.00')).toBe('₹1,299.00');
    expect(formatRupees('999.5')).toBe('₹999.50');
    expect(formatRupees('49')).toBe('₹49.00');
  });

  it('formats zero as ₹0.00', () => {
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees('0.00')).toBe('₹0.00');
  });

  it('formats ₹999.50 without grouping', () => {
    expect(formatRupees(999.5)).toBe('₹999.50');
  });

  it('groups large values in lakhs and crores', () => {
    expect(formatRupees(1000)).toBe('₹1,000.00');
    expect(formatRupees(100000)).toBe('₹1,00,000.00');
    expect(formatRupees(10000000)).toBe('₹1,00,00,000.00');
    expect(formatRupees('1234567890.55')).toBe('₹1,23,45,67,890.55');
    expect(formatRupees('98765432109876543210.99')).toBe('₹9,87,65,43,21,09,87,65,43,210.99');
  });

  it('rounds to the paisa, half away from zero', () => {
    expect(formatRupees('10.005')).toBe('₹10.01');
    expect(formatRupees('10.004')).toBe('₹10.00');
    expect(formatRupees(0.1 + 0.2)).toBe('₹0.30');
  });

  it('puts the minus sign before the symbol for negative amounts', () => {
    expect(formatRupees(-1234.5)).toBe('-₹1,234.50');
    expect(formatRupees('-0.00')).toBe('₹0.00');
  });

  it('reads anything that is not a number as ₹0.00', () => {
    expect(formatRupees('abc')).toBe('₹0.00');
    expect(formatRupees('')).toBe('₹0.00');
    expect(formatRupees(Number.NaN)).toBe('₹0.00');
    expect(formatRupees(null)).toBe('₹0.00');
    expect(formatRupees(undefined)).toBe('₹0.00');
  });

  it('accepts grouped and spaced input', () => {
    expect(formatRupees('1,23,456.00')).toBe('₹1,23,456.00');
    expect(formatRupees(' 1299 ')).toBe('₹1,299.00');
  });

  it('matches Intl en-IN grouping for ordinary amounts', () => {
    const intl = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const amount of [0, 7, 99.99, 1299, 45678.9, 123456, 9876543.21]) {
      expect(formatRupees(amount)).toBe(`₹${intl.format(amount)}`);
    }
  });
});

describe('groupIndian', () => {
  it('leaves up to three digits alone and then groups in twos', () => {
    expect(groupIndian('1')).toBe('1');
    expect(groupIndian('999')).toBe('999');
    expect(groupIndian('1000')).toBe('1,000');
    expect(groupIndian('12345')).toBe('12,345');
    expect(groupIndian('123456')).toBe('1,23,456');
    expect(groupIndian('1234567')).toBe('12,34,567');
  });
});

describe('paise helpers', () => {
  it('renders integer paise as the API rupee string', () => {
    expect(paiseToRupeesString(129900)).toBe('1299.00');
    expect(paiseToRupeesString(5)).toBe('0.05');
    expect(paiseToRupeesString(0)).toBe('0.00');
    expect(paiseToRupeesString(-1250)).toBe('-12.50');
    expect(paiseToRupeesString(12345678901234567890n)).toBe('123456789012345678.90');
  });

  it('refuses non-integer paise', () => {
    expect(() => paiseToRupeesString(10.5)).toThrow(RangeError);
    expect(() => paiseToRupeesString(Number.NaN)).toThrow(RangeError);
  });

  it('parses rupee amounts to integer paise', () => {
    expect(rupeesToPaise('1299.00')).toBe(129900);
    expect(rupeesToPaise('0.1')).toBe(10);
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(1.005)).toBe(101);
    expect(rupeesToPaise(0.0000001)).toBe(0);
    expect(rupeesToPaise('abc')).toBeNull();
    expect(rupeesToPaise('1e3')).toBeNull();
  });

  it('round-trips between paise and rupee strings', () => {
    for (const paise of [0, 1, 99, 100, 129900, 987654321]) {
      expect(rupeesToPaise(paiseToRupeesString(paise))).toBe(paise);
    }
  });

  it('formats paise for display', () => {
    expect(formatPaiseAsRupees(12345600)).toBe('₹1,23,456.00');
  });
});

describe('checked rupee amounts', () => {
  it('are the API\'s two-decimal strings and nothing else', () => {
    for (const amount of ['0.00', '1299.00', '849.50', '-12.50', '9999999999999.99']) expect(isRupeeAmount(amount)).toBe(true);
    for (const other of ['1299', '1299.5', '1299.000', '1,299.00', ' 1299.00', '1e3', '.50', '+1.00', '10000000000000.00', '', 1299, null]) {
      expect(isRupeeAmount(other)).toBe(false);
    }
  });

  it('give their exact paise, with no fallback to reach for', () => {
    expect(paiseOf(rupees('1299.00'))).toBe(129_900);
    expect(paiseOf(rupees('0.10'))).toBe(10);
    expect(paiseOf(rupees('849.50'))).toBe(84_950);
    expect(paiseOf(rupees('-12.50'))).toBe(-1250);
    expect(Object.is(paiseOf(rupees('-0.00')), 0)).toBe(true);
    expect(paiseOf(rupees('9999999999999.99'))).toBe(999_999_999_999_999);
    for (const paise of [0, 1, 99, 100, 129900, 987654321, 123_456_789_012_345]) {
      expect(paiseOf(rupees(paiseToRupeesString(paise)))).toBe(paise);
    }
  });

  it('format from paise as HTML with the sign as a character reference, grouped as formatRupees groups them', () => {
    expect(formatPaiseHtml(12_345_600)).toBe('&#8377;1,23,456.00');
    expect(formatPaiseHtml(5)).toBe('&#8377;0.05');
    expect(formatPaiseHtml(-1250)).toBe('-&#8377;12.50');
    for (const paise of [0, 7, 9_999, 129_950, 4_567_890, 987_654_321]) {
      expect(formatPaiseHtml(paise).replace('&#8377;', '₹')).toBe(formatPaiseAsRupees(paise));
    }
  });
});
