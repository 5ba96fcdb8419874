/**
 * The pure-island renderer (src/integrations/pure-islands.server.ts, decision
 * 034): a marked island renders once per props and prefix, its prefixes are
 * its tag and its count per page render (decision 058), and everything else
 * is left to @astrojs/react.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createElement, useId, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { KEPT_PER_COMPONENT, check, renderToStaticMarkup } from '../../src/integrations/pure-islands.server.ts';
import CategoryCarousel from '../../src/islands/ui/CategoryCarousel.tsx';
import { isPureIsland, markPureIsland } from '../../src/lib/pure-island.ts';

let islands = 0;
/** A new pure island per call, each with a tag of its own ('ua', 'ub', ... unless given). */
function countingIsland(tag = `u${String.fromCharCode(97 + islands++)}`) {
  const counter = { renders: 0 };
  const Island = markPureIsland(function Island({ label }: { label: string }) {
    counter.renders += 1;
    const id = useId();
    return createElement('button', { id, type: 'button' }, label);
  }, tag);
  return { Island, counter };
}

/** One page render as Astro hands it to a renderer. */
const pageRender = () => ({ result: {} });
const render = (page: { result: object }, Island: ComponentType<never>, props: Record<string, unknown>) => renderToStaticMarkup.call(page, Island, props);

describe('pure islands', () => {
  it('takes only marked components rendered without children', async () => {
    const { Island } = countingIsland();
    const Plain = () => createElement('p', null, 'plain');
    expect(isPureIsland(Island)).toBe(true);
    expect(isPureIsland(Plain)).toBe(false);
    expect(await check(Island, { label: 'Cart' }, {})).toBe(true);
    expect(await check(Plain, {}, {})).toBe(false);
    expect(await check(Island, { label: 'Cart' }, { default: '<p>child</p>' })).toBe(false);
    expect(await check(Island, { label: 'Cart', children: 'child' }, {})).toBe(false);
  });

  it("takes the home page's category carousel, rendered without an island, as its list of tiles", async () => {
    // Left to @astrojs/react, a component it does not know yet is rendered once to recognise it and again for the page.
    const categories = [{ id: 4, name: 'Wallets', image: 'https://shop.example/media/categories/wallets.webp' }];
    expect(await check(CategoryCarousel, { categories }, {})).toBe(true);
    const { html } = await render(pageRender(), CategoryCarousel, { categories, label: 'Category carousel' });
    expect(html).toContain('aria-label="Category carousel"');
    expect(html).toContain('href="/shop?categories=Wallets"');
  });

  it('renders an island once per props and prefix, and the same HTML after', async () => {
    const { Island, counter } = countingIsland();
    const first = await render(pageRender(), Island, { label: 'Cart' });
    const again = await render(pageRender(), Island, { label: 'Cart' });
    expect(first.html).toContain('>Cart</button>');
    expect(again).toEqual(first);
    expect(counter.renders).toBe(1);

    const other = await render(pageRender(), Island, { label: 'Menu' });
    expect(other.html).toContain('>Menu</button>');
    expect(counter.renders).toBe(2);
  });

  it("numbers a page render's islands of one tag ta0, ta1, ... apart from other tags, and starts again on the next page", async () => {
    const { Island } = countingIsland('ta');
    const { Island: Other } = countingIsland('tb');
    const page = pageRender();
    const first = await render(page, Island, { label: 'A' });
    const other = await render(page, Other, { label: 'A' });
    const second = await render(page, Island, { label: 'A' });
    expect([first.attrs.prefix, other.attrs.prefix, second.attrs.prefix]).toEqual(['ta0', 'tb0', 'ta1']);
    // The ids inside carry the prefix the browser hydrates with, so two islands never share one.
    expect(first.html).toMatch(/id="[^"]*ta0[^"]*"/);
    expect(second.html).toMatch(/id="[^"]*ta1[^"]*"/);
    expect((await render(pageRender(), Island, { label: 'A' })).attrs.prefix).toBe('ta0');
  });

  it('refuses a tag that could read as a prefix of @astrojs/react', () => {
    const Island = () => createElement('p', null, 'x');
    expect(() => markPureIsland(Island, 'r')).toThrow(/two or more lowercase letters/);
    expect(() => markPureIsland(Island, 'cb2')).toThrow(/two or more lowercase letters/);
  });

  it("gives each of the storefront's pure islands a tag of its own", () => {
    const marks = readdirSync('src/islands', { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx'))
      .flatMap((file) => [...readFileSync(`src/islands/${file}`, 'utf8').matchAll(/markPureIsland\((\w+), '([a-z]+)'\)/g)])
      .map(([, name, tag]) => ({ name, tag }));
    // The header's six, the cart drawer, the toaster and the home page's category carousel.
    expect(marks).toHaveLength(9);
    const tags = marks.map(({ tag }) => tag);
    expect(new Set(tags).size, JSON.stringify(marks)).toBe(tags.length);
  });

  it(`keeps at most ${KEPT_PER_COMPONENT} renders of a component, dropping the oldest`, async () => {
    const { Island, counter } = countingIsland();
    for (let i = 0; i <= KEPT_PER_COMPONENT; i += 1) await render(pageRender(), Island, { label: `L${i}` });
    expect(counter.renders).toBe(KEPT_PER_COMPONENT + 1);
    await render(pageRender(), Island, { label: `L${KEPT_PER_COMPONENT}` });
    expect(counter.renders).toBe(KEPT_PER_COMPONENT + 1);
    await render(pageRender(), Island, { label: 'L0' });
    expect(counter.renders).toBe(KEPT_PER_COMPONENT + 2);
  });
});
