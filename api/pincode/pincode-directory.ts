import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/**
 * India Post's PIN codes with their district and state, shipped with the
 * product (pincode-directory.tsv.gz, built by scripts/build-pincode-directory.ts;
 * README: PIN codes). Read once, on the first lookup: about 19,500 lines.
 */
export interface PinPlace {
  pincode: string;
  /** The district, which the checkout's City field takes. */
  city: string;
  state: string;
}

const FILE = new URL('./pincode-directory.tsv.gz', import.meta.url);
let directory: Map<string, PinPlace> | undefined;

function load(): Map<string, PinPlace> {
  const places = new Map<string, PinPlace>();
  for (const line of gunzipSync(readFileSync(FILE)).toString('utf8').split('\n')) {
    const [pincode, city, state] = line.split('\t');
    if (pincode && city && state) places.set(pincode, { pincode, city, state });
  }
  return places;
}

export function lookUpPincode(pin: string): PinPlace | undefined {
  directory ??= load();
  return directory.get(pin);
}
