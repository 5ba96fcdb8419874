import { zstdCompressSync, zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createKeptFrames, KEPT_RUN_MIN_BYTES, RAW_PART_MAX_BYTES, rawFrame } from '../../server/kept-frames.ts';
import { zstdDecode, zstdFrames } from '../helpers/zstd-frames.ts';

const compressFrame = (part: Buffer) => zstdCompressSync(part);
const framesIn = (compressed: Buffer) => zstdFrames(compressed).length;
const stylesheet = Buffer.from(`<style>${Array.from({ length: 400 }, (_, i) => `.c${i}{margin:${i % 7}px}`).join('')}</style>`);
const text = (words: string) => Buffer.from(`<p>${words}</p>`.repeat(50));

describe('kept frames', () => {
  it('sends a body that holds a kept run as three frames that decode to exactly its bytes, the run compressed once', () => {
    const made: Buffer[] = [];
    const kept = createKeptFrames((run) => {
      made.push(run);
      return compressFrame(run);
    }, compressFrame);
    expect(kept.keep(stylesheet)).toBe(true);
    for (const words of ['first page', 'second page']) {
      const body = Buffer.concat([Buffer.from('<!doctype html><head>'), stylesheet, text(words)]);
      const compressed = kept.compress(body)!;
      expect(zstdDecode(compressed).equals(body)).toBe(true);
      expect(framesIn(compressed)).toBe(3);
      expect(zstdFrames(compressed)[1]!.equals(compressFrame(stylesheet))).toBe(true);
    }
    expect(made).toHaveLength(1);
  });

  it('finds the run at the very start or end of a body, and only its first place when it is there twice', () => {
    const kept = createKeptFrames(compressFrame, compressFrame);
    kept.keep(stylesheet);
    for (const body of [Buffer.concat([stylesheet, text('after')]), Buffer.concat([text('before'), stylesheet]), stylesheet]) {
      const compressed = kept.compress(body)!;
      expect(zstdDecode(compressed).equals(body)).toBe(true);
      expect(framesIn(compressed)).toBe(body.equals(stylesheet) ? 1 : 2);
    }
    const twice = Buffer.concat([stylesheet, text('between'), stylesheet]);
    expect(zstdDecode(kept.compress(twice)!).equals(twice)).toBe(true);
  });

  it('leaves a body alone that holds no kept run, also one that only starts like one', () => {
    const kept = createKeptFrames(compressFrame, compressFrame);
    kept.keep(stylesheet);
    expect(kept.compress(text('nothing kept here'))).toBeUndefined();
    const lookalike = Buffer.from(stylesheet);
    lookalike[lookalike.length - 20] = 0x21;
    expect(kept.compress(Buffer.concat([text('before'), lookalike]))).toBeUndefined();
    // A body ending inside the run's first bytes.
    expect(kept.compress(Buffer.concat([text('before'), stylesheet.subarray(0, 100)]))).toBeUndefined();
  });

  it('keeps a run once, and no run too short for a frame of its own', () => {
    const kept = createKeptFrames(compressFrame, compressFrame);
    expect(kept.keep(stylesheet)).toBe(true);
    expect(kept.keep(stylesheet)).toBe(false);
    expect(kept.keep(Buffer.from(stylesheet))).toBe(false);
    const short = stylesheet.subarray(0, KEPT_RUN_MIN_BYTES - 1);
    expect(kept.keep(short)).toBe(false);
    expect(kept.compress(Buffer.concat([text('before'), short]))).toBeUndefined();
  });

  it('sends each of several kept runs as its own frame, in the order the body holds them', () => {
    const kept = createKeptFrames(compressFrame, compressFrame);
    const script = Buffer.from(`<script>${'let a = 1;'.repeat(600)}</script>`);
    kept.keep(stylesheet);
    kept.keep(script);
    const body = Buffer.concat([text('head'), script, text('middle'), stylesheet, text('end')]);
    const compressed = kept.compress(body)!;
    expect(zstdDecode(compressed).equals(body)).toBe(true);
    expect(framesIn(compressed)).toBe(5);
  });
});

describe('raw frames', () => {
  it('hold any part under the limit as it is, and decode to it', () => {
    for (const length of [1, 150, 255, 256, 700, RAW_PART_MAX_BYTES - 1]) {
      const part = Buffer.from(Array.from({ length }, (_, i) => 32 + (i % 90)));
      const frame = rawFrame(part);
      expect(frame.length).toBe(part.length + (length < 256 ? 9 : 10));
      expect(zstdDecompressSync(frame).equals(part)).toBe(true);
      expect(zstdFrames(frame)).toHaveLength(1);
    }
    expect(() => rawFrame(Buffer.alloc(RAW_PART_MAX_BYTES))).toThrow(RangeError);
  });
});
