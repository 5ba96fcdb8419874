import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { answerCoding, compressAnswer, keepRepeatedRun, type AnswerCoding } from '../../server/answer-compression.ts';
import { createCompressionWorker, type CompressionWorker } from '../../server/compression-worker.ts';
import { zstdDecode, zstdFrames } from '../helpers/zstd-frames.ts';

const compressed = (body: Buffer, coding: AnswerCoding) =>
  new Promise<Buffer>((resolve, reject) => compressAnswer(body, coding, (error, result) => (error || !result ? reject(error) : resolve(result))));
const DECOMPRESS = { zstd: zstdDecode, br: brotliDecompressSync, gzip: gunzipSync };
// A page-like body with a little variety, so every coding has work to do.
const pageOf = (kilobytes: number) =>
  Buffer.from(Array.from({ length: kilobytes * 16 }, (_, i) => `<li data-i="${i}">₹${(i * 37) % 1000}</li>`.padEnd(64, ' ')).join(''));

describe('answerCoding', () => {
  it('picks zstd from what Chromium and Firefox send, whatever the case', () => {
    expect(answerCoding('gzip, deflate, br, zstd')).toBe('zstd');
    expect(answerCoding('GZIP, DEFLATE, BR, ZSTD')).toBe('zstd');
  });

  it('picks brotli, else gzip, for a client without zstd', () => {
    expect(answerCoding('gzip, deflate, br')).toBe('br');
    expect(answerCoding('gzip, deflate')).toBe('gzip');
  });

  it('follows the ratings: the highest wins, refused codings never', () => {
    expect(answerCoding('zstd;q=0.5, br')).toBe('br');
    expect(answerCoding('zstd;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(answerCoding('zstd;q=0, br;q=0, gzip')).toBe('gzip');
    expect(answerCoding('zstd;q=abc, br;q=0.1')).toBe('br');
    expect(answerCoding('zstd;q=0.9, br;q=0.9, gzip;q=0.1')).toBe('zstd');
    expect(answerCoding(['br;q=0.5', 'zstd'])).toBe('zstd');
  });

  it('sends nothing compressed when the client names none of the codings', () => {
    expect(answerCoding(undefined)).toBeUndefined();
    expect(answerCoding('')).toBeUndefined();
    expect(answerCoding('identity')).toBeUndefined();
    expect(answerCoding('*')).toBeUndefined();
    expect(answerCoding('deflate')).toBeUndefined();
  });

  it('chooses among the codings offered, as the page cache does with its brotli and gzip copies', () => {
    expect(answerCoding('gzip, deflate, br, zstd', ['br', 'gzip'])).toBe('br');
    expect(answerCoding('br;q=0.5, gzip', ['br', 'gzip'])).toBe('gzip');
    expect(answerCoding('br;q=0, zstd', ['br', 'gzip'])).toBeUndefined();
  });
});

describe('compressAnswer', () => {
  it('compresses a page and a large answer in every coding, and they decompress to the same bytes', async () => {
    // 8 KB is compressed in place, larger answers on the worker's thread where there are two cores.
    for (const kilobytes of [8, 120, 600]) {
      for (const coding of ['zstd', 'br', 'gzip'] as const) {
        // The worker may take the body given to it: compare with a body of our own.
        const result = await compressed(pageOf(kilobytes), coding);
        expect(result.length).toBeLessThan(pageOf(kilobytes).length / 2);
        expect(DECOMPRESS[coding](result).equals(pageOf(kilobytes))).toBe(true);
      }
    }
  });
});

describe('a repeated run', () => {
  // The stylesheet every page holds: kept once, it goes out in zstd as a frame of its own (decision 061).
  const stylesheet = Buffer.from(`<style>${Array.from({ length: 2000 }, (_, i) => `.k${i}{padding:${i % 9}px}`).join('')}</style>`);
  const withStylesheet = (kilobytes: number) => Buffer.concat([Buffer.from('<!doctype html><head>'), stylesheet, pageOf(kilobytes)]);

  it('goes out in zstd as a frame of its own, in place and on the worker, and every coding still decodes to the same bytes', async () => {
    keepRepeatedRun(stylesheet);
    // 8 KB around the run is compressed in place, 120 KB on the worker's thread.
    for (const kilobytes of [8, 120]) {
      const zstd = await compressed(withStylesheet(kilobytes), 'zstd');
      expect(zstdFrames(zstd)).toHaveLength(3);
      expect(zstdDecode(zstd).equals(withStylesheet(kilobytes))).toBe(true);
      for (const coding of ['br', 'gzip'] as const) {
        expect(DECOMPRESS[coding](await compressed(withStylesheet(kilobytes), coding)).equals(withStylesheet(kilobytes))).toBe(true);
      }
    }
  });

  it('is compressed harder once than the answers are, so a page with it is no larger than compressed whole', async () => {
    keepRepeatedRun(stylesheet);
    const framed = await compressed(withStylesheet(120), 'zstd');
    // The same page with one byte of the stylesheet changed: no longer the run, so compressed whole.
    const changed = Buffer.from(stylesheet);
    changed[changed.length - 20] = 0x21;
    const whole = await compressed(Buffer.concat([Buffer.from('<!doctype html><head>'), changed, pageOf(120)]), 'zstd');
    expect(zstdFrames(whole)).toHaveLength(1);
    expect(framed.length).toBeLessThanOrEqual(whole.length);
  });
});

describe('the compression worker', () => {
  const viaWorker = (worker: CompressionWorker, body: Buffer, coding: AnswerCoding) =>
    new Promise<Buffer | undefined>((resolve, reject) => worker.compress(body, coding, (error, result) => (error ? reject(error) : resolve(result))));

  it('compresses on its own thread in every coding, each answer back to its own caller', async () => {
    const worker = createCompressionWorker();
    try {
      const codings = ['zstd', 'br', 'gzip'] as const;
      const results = await Promise.all(Array.from({ length: 24 }, (_, i) => viaWorker(worker, pageOf(20 + i), codings[i % 3]!)));
      results.forEach((result, i) => {
        expect(result).toBeInstanceOf(Buffer);
        expect(DECOMPRESS[codings[i % 3]!](result!).equals(pageOf(20 + i))).toBe(true);
      });
    } finally {
      await worker.stop();
    }
  });

  it('moves a body that owns its buffer to the worker instead of copying it, and copies a slice of a shared one', async () => {
    const worker = createCompressionWorker();
    try {
      const own = pageOf(40);
      const movedResult = new Promise<Buffer | undefined>((resolve) => expect(worker.compress(own, 'zstd', (_, result) => resolve(result))).toBe(true));
      // Moved: the buffer is no longer usable on this thread.
      expect(own.byteLength).toBe(0);
      expect(DECOMPRESS.zstd((await movedResult)!).equals(pageOf(40))).toBe(true);

      const shared = Buffer.concat([Buffer.from('head'), pageOf(40)]);
      const slice = shared.subarray(4);
      const copiedResult = new Promise<Buffer | undefined>((resolve) => expect(worker.compress(slice, 'br', (_, result) => resolve(result))).toBe(false));
      expect(slice.equals(pageOf(40))).toBe(true);
      expect(DECOMPRESS.br((await copiedResult)!).equals(pageOf(40))).toBe(true);
    } finally {
      await worker.stop();
    }
  });

  it('finishes the answers it was given before it stops; later ones are left to be compressed in place', async () => {
    const worker = createCompressionWorker();
    const waiting = viaWorker(worker, pageOf(200), 'br');
    await worker.stop();
    expect(DECOMPRESS.br((await waiting)!).equals(pageOf(200))).toBe(true);
    expect(await viaWorker(worker, pageOf(20), 'zstd')).toBeUndefined();
  });
});
