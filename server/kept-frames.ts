/**
 * Byte runs that every page repeats, compressed once per process into zstd
 * frames of their own (decision 061). The storefront's stylesheet is 55 KB of
 * each page's 80-160 KB: compressed with the page, it took over half of the
 * page's zstd time, on every page again. A zstd answer may be several frames
 * one after another, decoded as their contents joined (RFC 8878 §3.1), so a
 * page holding a kept run goes out as the frame of what comes before it, the
 * run's kept frame, and the frame of what follows.
 *
 * A run is found by its bytes, never by where a page is said to hold it:
 * whatever the page, its frames decode to exactly its bytes.
 */

/** Shorter runs are not worth a frame of their own: the frames around them would lose more than they save. */
export const KEPT_RUN_MIN_BYTES = 4096;
/** Searched for first; the whole run is compared only where this matches. */
const PROBE_BYTES = 64;
/**
 * Parts around a run shorter than this go as a frame of one raw block, written
 * here: each zstd compression starts a compressor of its own, 30-40 µs even
 * for a page's first 150 bytes, which it would shorten by a few bytes.
 */
export const RAW_PART_MAX_BYTES = 1024;

/** Compresses one part of an answer into a complete zstd frame. */
export type CompressFrame = (part: Buffer) => Buffer;

interface KeptRun {
  bytes: Buffer;
  probe: Buffer;
  /** Made at the first answer that holds the run. */
  frame?: Buffer;
}

export interface KeptFrames {
  /** Keeps a run (a copy of it), unless it is too short or already kept; true when it is new. */
  keep(bytes: Uint8Array): boolean;
  /** The body as zstd frames around the kept runs it holds; undefined when it holds none. */
  compress(body: Buffer): Buffer | undefined;
}

/**
 * `compressRun` makes a kept run's frame, once: it may take its time (a
 * higher level than answers get). `compressPart` compresses the rest.
 */
export function createKeptFrames(compressRun: CompressFrame, compressPart: CompressFrame): KeptFrames {
  const runs: KeptRun[] = [];
  const framePart = (part: Buffer) => (part.length < RAW_PART_MAX_BYTES ? rawFrame(part) : compressPart(part));
  // A run is usually offered as the same object on every page: known at once, without comparing its bytes.
  const offered = new WeakSet<Uint8Array>();
  const has = (bytes: Uint8Array) => runs.some((run) => run.bytes.equals(bytes));
  return {
    keep(bytes) {
      if (offered.has(bytes)) return false;
      offered.add(bytes);
      if (bytes.byteLength < KEPT_RUN_MIN_BYTES || has(bytes)) return false;
      const copy = Buffer.from(bytes);
      runs.push({ bytes: copy, probe: copy.subarray(0, PROBE_BYTES) });
      return true;
    },
    compress(body) {
      const found: { at: number; run: KeptRun }[] = [];
      for (const run of runs) {
        const at = indexOfRun(body, run);
        if (at !== -1) found.push({ at, run });
      }
      if (found.length === 0) return undefined;
      found.sort((a, b) => a.at - b.at);
      const frames: Buffer[] = [];
      let from = 0;
      for (const { at, run } of found) {
        // One run inside another's place: the first keeps it.
        if (at < from) continue;
        if (at > from) frames.push(framePart(body.subarray(from, at)));
        frames.push((run.frame ??= compressRun(run.bytes)));
        from = at + run.bytes.length;
      }
      if (from < body.length) frames.push(framePart(body.subarray(from)));
      return Buffer.concat(frames);
    },
  };
}

/**
 * A zstd frame holding `part` as it is (RFC 8878 §3.1.1): the magic number; a
 * header for a single segment with its content size (1 byte below 256, else
 * 2 bytes less 256) and no checksum; one raw block, marked last.
 */
export function rawFrame(part: Buffer): Buffer {
  if (part.length >= RAW_PART_MAX_BYTES) throw new RangeError('A raw frame holds less than RAW_PART_MAX_BYTES');
  const oneByteSize = part.length < 256;
  const header = Buffer.alloc(oneByteSize ? 9 : 10);
  header.writeUInt32LE(0xfd2fb528, 0);
  header[4] = oneByteSize ? 0x20 : 0x60;
  if (oneByteSize) header[5] = part.length;
  else header.writeUInt16LE(part.length - 256, 5);
  // Block header: last block (bit 0), raw (type 0, bits 1-2), its size (from bit 3).
  header.writeUIntLE(1 | (part.length << 3), oneByteSize ? 6 : 7, 3);
  return Buffer.concat([header, part]);
}

/** Where the body holds the whole run first, or -1. */
function indexOfRun(body: Buffer, run: KeptRun): number {
  const { bytes, probe } = run;
  for (let at = body.indexOf(probe); at !== -1 && at + bytes.length <= body.length; at = body.indexOf(probe, at + 1)) {
    if (body.subarray(at, at + bytes.length).equals(bytes)) return at;
  }
  return -1;
}
