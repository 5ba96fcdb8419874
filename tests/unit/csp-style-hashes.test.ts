import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { injectedStylesheets, sonnerStyleHashes, styleHash } from '../../server/csp-style-hashes.ts';

describe('hashes of stylesheets libraries inject', () => {
  it('reads each __insertCSS string literal, escapes decoded', () => {
    const source = 'x;__insertCSS("a{content:\\"\\\\2014\\"}\\n");y;__insertCSS("b{}")';
    expect(injectedStylesheets(source)).toEqual(['a{content:"\\2014"}\n', 'b{}']);
  });

  it('hashes as the browser does: sha256 of the text, base64', () => {
    expect(styleHash('b{}')).toBe(`sha256-${createHash('sha256').update('b{}').digest('base64')}`);
  });

  it('finds the toast library’s stylesheet in the installed package, and allows the empty <style> it appends before filling it', () => {
    const hashes = sonnerStyleHashes();
    expect(hashes).toHaveLength(2);
    expect(hashes).toContain(styleHash(''));
    const sheet = hashes.find((hash) => hash !== styleHash(''));
    expect(sheet).toMatch(/^sha256-[A-Za-z0-9+/]{43}=$/);
  });
});
