import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { styleHash } from '../../src/lib/style-hash.ts';

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('styleHash', () => {
  it("is the stylesheet's SHA-256 in CSP form, for one stylesheet after another", () => {
    const theme = 'html:root{--color-page:#fffdf9}';
    const other = 'html:root{--color-page:#000000}';
    expect(styleHash(theme)).toBe(sha256(theme));
    expect(styleHash(theme)).toBe(sha256(theme));
    expect(styleHash(other)).toBe(sha256(other));
    expect(styleHash(theme)).toBe(sha256(theme));
  });
});
