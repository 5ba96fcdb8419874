import { isRupeeAmount, type RupeeAmount } from '../../src/lib/money.ts';

/** A fixture's price as the seam hands it on ("799.00"); throws for anything the seam would refuse. */
export function rupees(text: string): RupeeAmount {
  if (!isRupeeAmount(text)) throw new Error(`Not a two-decimal rupee amount: ${text}`);
  return text;
}
