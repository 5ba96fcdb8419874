import { describe, expect, it } from 'vitest';
import { answerCoding } from '../../server/answer-compression.ts';

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
