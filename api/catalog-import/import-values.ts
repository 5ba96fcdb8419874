/**
 * Reading the values both formats share: prices in paise, stock counts,
 * slugs, lists. A wrong value becomes a row error on the product being read,
 * never a throw, so one bad cell costs that product and not the file.
 */
import { cell, type CsvRow } from './csv-formats.ts';
import { IMPORT_MESSAGES } from './import-messages.ts';
import type { ImportRowError } from './import-model.ts';

/**
 * Rupees as Shopify and WooCommerce export them ("499", "499.5", "499.50";
 * a fraction past paise only when it is zeros, "499.500") in integer paise;
 * null for anything else. Neither export groups thousands, so "1,299.00" is
 * refused rather than guessed (in some locales the comma is the decimal mark).
 */
const RUPEES = /^(-?)(\d{1,13})(?:\.(\d{1,2})0*)?$/;

export function parsePaise(text: string): number | null {
  const match = RUPEES.exec(text.trim());
  if (!match) return null;
  const [, sign, rupees = '', fraction = ''] = match;
  const paise = Number(rupees) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' && paise !== 0 ? -paise : paise;
}

/** The row errors of the product being read, each carrying its handle. */
export class ProductErrors {
  readonly list: ImportRowError[] = [];
  readonly handle: string | null;

  constructor(handle: string | null) {
    this.handle = handle;
  }

  add(line: number, column: string | null, message: string): void {
    this.list.push({ line, column, message, handle: this.handle });
  }

  /** A price cell in paise; null when it is empty (an error if required) or wrong (an error). */
  price(row: CsvRow, column: string, required: boolean): number | null {
    const text = cell(row, column);
    if (text === '') {
      if (required) this.add(row.line, column, IMPORT_MESSAGES.priceMissing);
      return null;
    }
    const paise = parsePaise(text);
    if (paise === null) {
      this.add(row.line, column, text.includes(',') ? IMPORT_MESSAGES.priceHasComma : IMPORT_MESSAGES.priceNotNumber);
      return null;
    }
    if (paise < 0) {
      this.add(row.line, column, IMPORT_MESSAGES.priceNegative);
      return null;
    }
    return paise;
  }

  /** A stock cell; null when it is empty (stock not tracked) or wrong (an error). */
  stock(row: CsvRow, column: string, text = cell(row, column)): number | null {
    if (text === '') return null;
    const count = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(count)) {
      this.add(row.line, column, IMPORT_MESSAGES.stockNotWhole);
      return null;
    }
    if (count < 0) {
      this.add(row.line, column, IMPORT_MESSAGES.stockNegative);
      return null;
    }
    return count;
  }
}

/** The selling price and the MRP, which is kept only when above the price (a "compare-at" at or below it means no offer). */
export function priceAndMrp(price: number | null, mrp: number | null): { price: number; mrp: number | null } | null {
  if (price === null) return null;
  return { price, mrp: mrp !== null && mrp > price ? mrp : null };
}

/**
 * Lower-case ASCII words joined by dashes (accents dropped), the rule the
 * catalogue uses for its own slugs, so a WooCommerce name gives the handle a
 * store would expect.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A comma-separated list, trimmed, without empty entries. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** A category path ("Men > Shirts") as its parts, most general first. */
export function splitPath(text: string): string[] {
  return text
    .split('>')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** TRUE / true / 1, as spreadsheets and the two exports write yes. */
export function isYes(text: string): boolean {
  return /^(true|1|yes)$/i.test(text.trim());
}
