import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { importViolation } from '../../eslint/import-layers.js';

const eslint = new ESLint();

/** The lint messages for `code` as if it lived at `file`. */
async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('lint forbids focused and skipped tests', () => {
  // The planted code is assembled from parts, so this file itself never reads as a focused or skipped test.
  const planted = (runner: string, call: string) => `import { ${call.split('.')[0]} } from '${runner}';\n${call}('a', () => {});\n`;
  it.each([
    [planted('vitest', ['it', 'only'].join('.')), 'tests/unit/planted.test.ts'],
    [planted('vitest', ['test', 'skip'].join('.')), 'tests/unit/planted.test.ts'],
    [planted('vitest', ['describe', 'todo'].join('.')), 'tests/unit/planted.test.ts'],
    [planted('@playwright/test', ['test', 'describe', 'only'].join('.')), 'tests/e2e/planted.spec.ts'],
    [planted('@playwright/test', ['test', 'fixme'].join('.')), 'tests/e2e/planted.spec.ts'],
  ])('refuses %j', async (code, file) => {
    expect(await lint(file, code)).toEqual([expect.stringContaining('No focused, skipped or todo tests')]);
  });
});

describe('lint enforces the import layers', () => {
  it('refuses a planted upward import and a store reaching into an island', async () => {
    const messages = await lint('src/lib/planted.ts', "import { $cart } from '../stores/cart.ts';\nexport const x = $cart;\n");
    expect(messages).toEqual([expect.stringContaining('lib must not import stores')]);
  });

  it('accepts the allowed direction', async () => {
    expect(await lint('src/stores/planted.ts', "import { MESSAGES } from '../lib/messages.ts';\nexport const x = MESSAGES;\n")).toEqual([]);
  });

  it('keeps each island feature folder to itself, forms/ and ui/', () => {
    expect(importViolation('src/islands/cart/CartDrawer.tsx', 'src/islands/checkout/Summary.tsx')).toMatch(/cart islands must not import the checkout islands/);
    expect(importViolation('src/islands/cart/CartDrawer.tsx', 'src/islands/ui/ConfirmDialog.tsx')).toBeUndefined();
    expect(importViolation('src/islands/cart/CartDrawer.tsx', 'src/islands/forms/TextField.tsx')).toBeUndefined();
  });

  it('lets only pages, the middleware and server modules import a .server.ts module', () => {
    expect(importViolation('src/islands/cart/CartPage.tsx', 'src/lib/cart.server.ts')).toMatch(/\.server\.ts/);
    expect(importViolation('src/stores/cart.ts', 'src/lib/session.server.ts')).toMatch(/\.server\.ts/);
    expect(importViolation('src/pages/cart.astro', 'src/lib/cart.server.ts')).toBeUndefined();
    expect(importViolation('src/middleware.ts', 'src/lib/session.server.ts')).toBeUndefined();
  });

  it('lets api/ import only schemas, constants, messages and money of the storefront', () => {
    expect(importViolation('api/checkout/pricing.ts', 'src/lib/money.ts')).toBeUndefined();
    expect(importViolation('api/checkout/pricing.ts', 'src/lib/schemas/checkout.ts')).toBeUndefined();
    expect(importViolation('api/checkout/pricing.ts', 'src/lib/cart.ts')).toMatch(/api\/ may import only/);
    expect(importViolation('src/lib/cart.ts', 'api/checkout/pricing.ts')).toMatch(/src\/ talks to the store API only/);
  });
});
