/** Layout parts kept per key (src/lib/kept-parts.ts, decision 058). */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KEPT_PER_PART, keptPart } from '../../src/lib/kept-parts.ts';

function counted(value: string) {
  const calls = { count: 0 };
  const render = () => {
    calls.count += 1;
    return Promise.resolve(`${value} #${calls.count}`);
  };
  return { render, calls };
}

describe('keptPart', () => {
  it('renders a part once per key and gives the same render after, also to pages rendered at the same time', async () => {
    const { render, calls } = counted('header');
    const together = await Promise.all([keptPart('a', 'k1', render), keptPart('a', 'k1', render)]);
    expect(together).toEqual(['header #1', 'header #1']);
    expect(await keptPart('a', 'k1', render)).toBe('header #1');
    expect(await keptPart('a', 'k2', render)).toBe('header #2');
    expect(calls.count).toBe(2);
  });

  it('keeps the parts apart: the same key in another part renders again', async () => {
    const { render, calls } = counted('part');
    await keptPart('b', 'same', render);
    await keptPart('c', 'same', render);
    expect(calls.count).toBe(2);
  });

  it('does not keep a failed render: the next page renders the part again', async () => {
    let fail = true;
    const render = () => (fail ? Promise.reject(new Error('down')) : Promise.resolve('footer'));
    await expect(keptPart('d', 'k', render)).rejects.toThrow('down');
    fail = false;
    expect(await keptPart('d', 'k', render)).toBe('footer');
  });

  it(`keeps at most ${KEPT_PER_PART} keys of a part, dropping the least recently used`, async () => {
    const { render, calls } = counted('x');
    for (let i = 0; i <= KEPT_PER_PART; i += 1) {
      await keptPart('e', `k${i}`, render);
      // k0 is asked for again each time, so it stays while the others age.
      await keptPart('e', 'k0', render);
    }
    expect(calls.count).toBe(KEPT_PER_PART + 1);
    await keptPart('e', 'k0', render);
    expect(calls.count).toBe(KEPT_PER_PART + 1);
    await keptPart('e', 'k1', render);
    expect(calls.count).toBe(KEPT_PER_PART + 2);
  });
});

describe('KeptPart in the source', () => {
  const files = readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.astro'))
    .map((file) => ({ file, text: readFileSync(`src/${file}`, 'utf8') }))
    .filter(({ text }) => text.includes('<KeptPart'));

  it('is used by the layout for its header and its end', () => {
    expect(files.map(({ file }) => file)).toEqual(['layouts/Base.astro']);
  });

  it('holds one Astro component per part: an island straight in its slot would render on every page anyway', () => {
    for (const { file, text } of files) {
      const parts = [...text.matchAll(/<KeptPart\b[^>]*>([\s\S]*?)<\/KeptPart>/g)];
      expect(parts.length, file).toBe(2);
      for (const [, inside] of parts) {
        const only = /^\s*<([A-Z]\w*)\b[^>]*\/>\s*$/.exec(inside!);
        expect(only, `${file}: ${inside}`).not.toBeNull();
        expect(text, `${file}: ${only![1]}`).toMatch(new RegExp(`import ${only![1]} from '[^']+\\.astro';`));
      }
    }
  });
});
