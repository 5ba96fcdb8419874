import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { answerCoding, compressAnswer, type AnswerCoding } from '../../server/answer-compression.ts';

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
