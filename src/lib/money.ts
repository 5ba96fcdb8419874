/**
 * Money (ARCHITECTURE: Data; SPEC §9). Amounts are integer paise inside; the
 * API speaks rupee strings with two decimals ("1299.00"); shoppers see Indian
 * digit grouping ('₹1,23,456.00'). The storefront keeps prices as the API's
 * strings, checked once where they arrive (`RupeeAmount`, decision 052), so
 * their paise are read without a fallback.
 *
 * Grouping is written by hand on exact integers (BigInt), not Intl, so the
 * server's and every browser's output are the same to the character and no
 * float rounding creeps in.
 */
import { CURRENCY_SYMBOL, PRICE_DECIMALS } from './constants.ts';

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

declare const rupeeAmount: unique symbol;
/**
 * A rupee amount as the API writes it: "1299.00", "-12.50". Only
 * `isRupeeAmount` makes one (the seam's parsers, and readers of stored carts),
 * so `paiseOf` needs no fallback.
 */
export type RupeeAmount = string & { readonly [rupeeAmount]: true };

/** Two decimals; at most 13 rupee digits, so its paise are a safe integer (₹99,99,99,99,99,999.99 is far past any price). */
const RUPEE_AMOUNT = /^-?\d{1,13}\.\d{2}$/;

export function isRupeeAmount(value: unknown): value is RupeeAmount {
  return typeof value === 'string' && RUPEE_AMOUNT.test(value);
}

/** Exact integer paise of a checked amount ("1299.50" → 129950). */
export function paiseOf(amount: RupeeAmount): number {
  const negative = amount.charCodeAt(0) === 45; // '-'
  const paise = Number(amount.slice(negative ? 1 : 0, -3)) * 100 + Number(amount.slice(-2));
  return negative ? 0 - paise : paise;
}

/**
 * Exact paise of a rupee amount, rounded half away from zero at the paisa;
 * null when it is not a finite decimal. Strings may carry spaces and commas
 * ("1,299.00"); numbers use their shortest decimal form.
 */
function toPaise(value: unknown): bigint | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // Beyond 1e21 String() writes an exponent; such numbers are integers.
    if (Math.abs(value) >= 1e21) return BigInt(value) * 100n;
    // The shortest decimal that reads back as this number (what was typed), so 1.005 rounds at the paisa as a
    // decimal (101) and not as its binary value (1.00499…). Below 1e-6 String() writes an exponent: 0 paise.
    text = Math.abs(value) < 1e-6 ? '0' : String(value);
  } else if (typeof value === 'string') {
    text = value.replace(/[\s,]/g, '');
  } else if (typeof value === 'bigint') {
    return value * 100n;
  } else {
    return null;
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  let paise = BigInt(whole || '0') * 100n + BigInt((fraction + '00').slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') paise += 1n;
  return sign === '-' ? -paise : paise;
}

/** '1234567' → '12,34,567': the last three digits, then groups of two. */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const tail = digits.slice(-3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${tail}`;
}

function formatPaise(paise: bigint, symbol: string): string {
  const negative = paise < 0n;
  const abs = negative ? -paise : paise;
  const rupees = groupIndian((abs / 100n).toString());
  const rest = (abs % 100n).toString().padStart(PRICE_DECIMALS, '0');
  return `${negative ? '-' : ''}${symbol}${rupees}.${rest}`;
}

/**
 * '₹1,23,456.00' from the API's "123456.00" or a number of rupees. Two
 * decimals always. Negative amounts (not expected) read '-₹12.50'; a value that
 * is not a number reads '₹0.00'.
 */
export function formatRupees(value: string | number | null | undefined): string {
  return formatPaise(toPaise(value) ?? 0n, CURRENCY_SYMBOL);
}

/** The rupee sign as an HTML character reference. */
const CURRENCY_SYMBOL_REFERENCE = `&#${CURRENCY_SYMBOL.codePointAt(0)!};`;

/**
 * Integer paise as HTML ('&#8377;1,299.50'), the sign written as a character
 * reference: the same text on screen, and markup that stays one-byte text in
 * V8 (decision 042). Safe integers only, so plain number arithmetic is exact.
 */
export function formatPaiseHtml(paise: number): string {
  const negative = paise < 0;
  const abs = negative ? -paise : paise;
  const rest = abs % 100;
  return `${negative ? '-' : ''}${CURRENCY_SYMBOL_REFERENCE}${groupIndian(String((abs - rest) / 100))}.${String(rest).padStart(PRICE_DECIMALS, '0')}`;
}

/** Integer paise of a rupee amount ("1299.00" → 129900); null when not a number or beyond safe integers. */
export function rupeesToPaise(value: string | number | null | undefined): number | null {
  const paise = toPaise(value);
  if (paise === null) return null;
  const asNumber = Number(paise);
  return Number.isSafeInteger(asNumber) ? asNumber : null;
}

/**
 * The API's rupee string for integer paise: 129900 → "1299.00", -1250 → "-12.50".
 * Throws a RangeError for a non-integer: paise are integers everywhere (a
 * fraction here is a bug upstream, not something to round away).
 */
export function paiseToRupeesString(paise: number | bigint): string {
  if (typeof paise === 'number' && !Number.isSafeInteger(paise)) {
    throw new RangeError(`paise must be a safe integer, got ${paise}`);
  }
  const value = BigInt(paise);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? '-' : ''}${(abs / 100n).toString()}.${(abs % 100n).toString().padStart(PRICE_DECIMALS, '0')}`;
}

/** '₹…' for integer paise (cart and order totals computed in paise). */
export function formatPaiseAsRupees(paise: number | bigint): string {
  return formatRupees(paiseToRupeesString(paise));
}
