// @vitest-environment happy-dom
/**
 * The rules of `client:reach` (src/lib/reach.ts), the wake registry it shares
 * with the page (src/lib/island-wake.ts), and the JS budget's reading of
 * islands that load on reach (tests/helpers/page-js-weight.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { onIslandWake, wakeIsland } from '../../src/lib/island-wake.ts';
import { holdsKey, isTextField, isTypedCharacter, reachKey, replayTarget, twinOfPress, typeInto } from '../../src/lib/reach.ts';
import { entryScripts } from '../helpers/page-js-weight.ts';

describe('keys held while an island loads', () => {
  it('holds the keys a hydrated menu answers, wherever focus is', () => {
    for (const key of ['ArrowDown', 'ArrowUp', 'Escape', 'Home', 'End']) {
      expect(holdsKey({ key }, false)).toBe(true);
      expect(holdsKey({ key }, true)).toBe(true);
    }
  });

  it('holds a typed letter outside a text field, and leaves it to the field inside one', () => {
    expect(holdsKey({ key: 'k' }, false)).toBe(true);
    expect(holdsKey({ key: 'k' }, true)).toBe(false);
  });

  it('leaves Tab, Enter, Space and shortcuts to the browser', () => {
    for (const key of ['Tab', 'Enter', ' ', 'Shift']) expect(holdsKey({ key }, false)).toBe(false);
    expect(holdsKey({ key: 'r', ctrlKey: true }, false)).toBe(false);
    expect(holdsKey({ key: 'l', metaKey: true }, false)).toBe(false);
  });

  it('counts single printable characters as typing, not Space or named keys', () => {
    expect(isTypedCharacter({ key: 'a' })).toBe(true);
    expect(isTypedCharacter({ key: '7' })).toBe(true);
    expect(isTypedCharacter({ key: ' ' })).toBe(false);
    expect(isTypedCharacter({ key: 'Backspace' })).toBe(false);
    expect(isTypedCharacter({ key: 'a', altKey: true })).toBe(false);
  });
});

describe('where a held event is replayed', () => {
  it('knows text fields from other controls', () => {
    const make = (html: string) => {
      const box = document.createElement('div');
      box.innerHTML = html;
      return box.firstElementChild;
    };
    expect(isTextField(make('<input type="search">'))).toBe(true);
    expect(isTextField(make('<input>'))).toBe(true);
    expect(isTextField(make('<textarea></textarea>'))).toBe(true);
    expect(isTextField(make('<input type="checkbox">'))).toBe(false);
    expect(isTextField(make('<button>Go</button>'))).toBe(false);
    expect(isTextField(null)).toBe(false);
  });

  it('reads the reach key of the marked control an event landed in', () => {
    const island = document.createElement('div');
    island.innerHTML = '<a href="#search" data-reach="search"><svg><path></path></svg></a><a href="/shop">Shop</a>';
    expect(reachKey(island.querySelector('path'))).toBe('search');
    expect(reachKey(island.querySelector('a[href="/shop"]'))).toBeUndefined();
  });

  it('replays on the same element while hydration kept it, else on the hydrated control with the same key', () => {
    const island = document.createElement('div');
    document.body.append(island);
    island.innerHTML = '<a href="#search" data-reach="search">Search</a><a href="/shop">Shop</a>';
    const link = island.querySelector('a[data-reach]')!;
    const shop = island.querySelector('a[href="/shop"]')!;
    expect(replayTarget(island, link, 'search')).toBe(link);

    island.innerHTML = '<button type="button" data-reach="search">Search</button>';
    expect(replayTarget(island, link, 'search')).toBe(island.querySelector('button'));
    expect(replayTarget(island, shop, undefined)).toBeNull();
    island.remove();
  });

  it('gives a press begun on a replaced control and released on its hydrated twin to the twin, and no other press', () => {
    const island = document.createElement('astro-island');
    island.innerHTML = '<a href="/cart" data-reach="cart"><svg></svg></a><span>note</span>';
    document.body.append(island);
    const link = island.querySelector('a')!;
    const linkIcon = island.querySelector('svg')!;
    const note = island.querySelector('span')!;
    // Nothing replaced yet: the browser clicks the link itself.
    expect(twinOfPress(island, linkIcon, linkIcon)).toBeNull();

    island.innerHTML = '<button type="button" data-reach="cart"><svg></svg></button><span>note</span>';
    const button = island.querySelector('button')!;
    const buttonIcon = island.querySelector('svg')!;
    expect(twinOfPress(island, linkIcon, buttonIcon)).toBe(button);
    expect(twinOfPress(island, link, button)).toBe(button);
    // Released elsewhere, a press begun on no control, or no press: not the twin's.
    expect(twinOfPress(island, linkIcon, island.querySelector('span')!)).toBeNull();
    expect(twinOfPress(island, note, button)).toBeNull();
    expect(twinOfPress(island, undefined, button)).toBeNull();
    island.remove();
  });

  it('types held characters at the caret and tells the field it changed', () => {
    const field = document.createElement('input');
    field.value = 'kta';
    field.setSelectionRange(1, 1);
    const onInput = vi.fn();
    field.addEventListener('input', onInput);
    typeInto(field, 'ur');
    expect(field.value).toBe('kurta');
    expect(onInput).toHaveBeenCalledOnce();
  });
});

describe('waking an island', () => {
  it('calls a waiting island once its name is woken, and only once', () => {
    const woken = vi.fn();
    onIslandWake('unit-test-drawer', woken);
    expect(woken).not.toHaveBeenCalled();
    wakeIsland('unit-test-drawer');
    wakeIsland('unit-test-drawer');
    expect(woken).toHaveBeenCalledOnce();
  });

  it('keeps a wake for an island that starts listening later', () => {
    wakeIsland('unit-test-toaster');
    const woken = vi.fn();
    onIslandWake('unit-test-toaster', woken);
    expect(woken).toHaveBeenCalledOnce();
  });
});

describe('the JS budget and islands that load on reach', () => {
  it('counts the page scripts and islands that load by themselves, not those that wait for a reach', () => {
    const html = [
      '<script type="module" src="/_astro/page.js"></script>',
      '<astro-island uid="a" component-url="/_astro/Gallery.js" renderer-url="/_astro/client.js" ssr client="visible"></astro-island>',
      '<astro-island uid="b" component-url="/_astro/SearchBox.js" renderer-url="/_astro/client.js" ssr client="reach"></astro-island>',
    ].join('');
    expect(entryScripts(html)).toEqual(['/_astro/page.js', '/_astro/Gallery.js', '/_astro/client.js']);
    expect(entryScripts(html.replace('client="visible"', 'client="reach"'))).toEqual(['/_astro/page.js']);
  });
});
