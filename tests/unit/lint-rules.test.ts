import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { importViolation } from '../../eslint/import-layers.js';

const eslint = new ESLint();

/** The lint messages for `code` as if it lived at `file`. */
async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

// The first lint loads the config and every plugin: on a busy machine that outlasts one test's time.
beforeAll(() => lint('src/lib/warm.ts', 'export const x = 1;\n'), 60_000);

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
  it.each([
    ['lib reaching into a store', 'src/lib/planted.ts', '../stores/cart.ts', 'lib must not import stores'],
    ['a store reaching into an island', 'src/stores/planted.ts', '../islands/cart/CartDrawer.tsx', 'stores must not import components/islands'],
    ['lib reaching into a page script', 'src/lib/planted.ts', '../scripts/cart-start.ts', 'lib must not import scripts'],
    ['a store reaching into a page script', 'src/stores/planted.ts', '../scripts/cart-start.ts', 'stores must not import scripts'],
    ['a page script reaching into an island', 'src/scripts/planted.ts', '../islands/cart/CartDrawer.tsx', 'scripts must not import components/islands'],
  ])('refuses a planted upward import: %s', async (_name, file, specifier, why) => {
    expect(await lint(file, `import * as planted from '${specifier}';\nexport const x = planted;\n`)).toEqual([expect.stringContaining(why)]);
  });

  it('accepts the allowed directions', async () => {
    expect(await lint('src/stores/planted.ts', "import { MESSAGES } from '../lib/messages.ts';\nexport const x = MESSAGES;\n")).toEqual([]);
    expect(await lint('src/scripts/planted.ts', "import { $cart } from '../stores/cart.ts';\nexport const x = $cart;\n")).toEqual([]);
  });

  it('lets components and layouts start page scripts, and keeps the directive and the integrations to lib', () => {
    expect(importViolation('src/components/Header.astro', 'src/scripts/island-wakes.ts')).toBeUndefined();
    expect(importViolation('src/layouts/Base.astro', 'src/scripts/cart-start.ts')).toBeUndefined();
    expect(importViolation('src/directives/reach.ts', 'src/lib/reach.ts')).toBeUndefined();
    expect(importViolation('src/integrations/pure-islands.server.ts', 'src/lib/pure-island.ts')).toBeUndefined();
    expect(importViolation('src/directives/reach.ts', 'src/stores/cart.ts')).toMatch(/directives must not import stores/);
    expect(importViolation('src/integrations/pure-islands.ts', 'src/islands/ui/AppToaster.tsx')).toMatch(/integrations must not import components\/islands/);
    expect(importViolation('src/lib/reach.ts', 'src/directives/reach.ts')).toMatch(/lib must not import directives/);
    expect(importViolation('src/pages/index.astro', 'src/integrations/pure-islands.ts')).toMatch(/pages\/layouts must not import integrations/);
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
