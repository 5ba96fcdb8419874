import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { answerCoding, compressAnswer, type AnswerCoding } from '../../server/answer-compression.ts';
import { createCompressionWorker, type CompressionWorker } from '../../server/compression-worker.ts';

const compressed = (body: Buffer, coding: AnswerCoding) =>
  new Promise<Buffer>((resolve, reject) => compressAnswer(body, coding, (error, result) => (error ? reject(error) : resolve(result))));
const DECOMPRESS = { zstd: zstdDecompressSync, br: brotliDecompressSync, gzip: gunzipSync };
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
    // 120 KB is compressed in place, 600 KB in the thread pool (ZSTD_IN_PLACE_BYTES).
    for (const body of [pageOf(120), pageOf(600)]) {
      for (const coding of ['zstd', 'br', 'gzip'] as const) {
        const result = await compressed(body, coding);
        expect(result.length).toBeLessThan(body.length / 2);
        expect(DECOMPRESS[coding](result).equals(body)).toBe(true);
      }
    }
  });
});

describe('the compression worker', () => {
  const viaWorker = (worker: CompressionWorker, body: Buffer, coding: AnswerCoding) =>
    new Promise<Buffer | undefined>((resolve, reject) => worker.compress(body, coding, (error, result) => (error ? reject(error) : resolve(result))));

  it('compresses on its own thread in every coding, each answer back to its own caller', async () => {
    const worker = createCompressionWorker();
    try {
      const bodies = Array.from({ length: 24 }, (_, i) => pageOf(20 + i));
      const codings = ['zstd', 'br', 'gzip'] as const;
      const results = await Promise.all(bodies.map((body, i) => viaWorker(worker, body, codings[i % 3]!)));
      results.forEach((result, i) => {
        expect(result).toBeInstanceOf(Buffer);
        expect(DECOMPRESS[codings[i % 3]!](result!).equals(bodies[i]!)).toBe(true);
      });
    } finally {
      await worker.stop();
    }
  });

  it('gives every waiting answer back uncompressed once stopped, so it is compressed in place', async () => {
    const worker = createCompressionWorker();
    const waiting = viaWorker(worker, pageOf(200), 'br');
    await worker.stop();
    expect(await waiting).toBeUndefined();
    expect(await viaWorker(worker, pageOf(20), 'zstd')).toBeUndefined();
  });
});
