/**
 * The server renderer of pure islands (src/lib/pure-island.ts, decision 034).
 * Astro asks it first: it takes a React component marked pure and rendered
 * without children, and leaves every other component to @astrojs/react.
 *
 * An island's HTML is kept per component, per prefix (the identifierPrefix its
 * `useId`s start with, also written on the <astro-island> for hydration) and
 * per props, so the same page part renders once and is looked up after. The
 * prefixes come from this renderer's own counter per page render ('p0',
 * 'p1', ...): @astrojs/react counts its islands 'r0', 'r1', ... on the same
 * page, so the two never collide. Each component keeps at most
 * KEPT_PER_COMPONENT entries, the oldest going first.
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { isPureIsland } from '../lib/pure-island.ts';

export const KEPT_PER_COMPONENT = 64;
const PREFIX = 'p';

type Slots = Record<string, unknown>;
interface RendererContext {
  result?: object;
}

const counters = new WeakMap<object, number>();
const kept = new WeakMap<object, Map<string, string>>();

function nextPrefix(result: object | undefined): string {
  if (!result) return `${PREFIX}0`;
  const index = counters.get(result) ?? 0;
  counters.set(result, index + 1);
  return `${PREFIX}${index}`;
}

function hasChildren(props: Record<string, unknown>, slots: Slots | undefined): boolean {
  if (props.children != null) return true;
  return Object.values(slots ?? {}).some((slot) => slot != null && slot !== '');
}

/** Pure islands rendered without children are ours. */
export async function check(Component: unknown, props: Record<string, unknown>, slots: Slots | undefined): Promise<boolean> {
  return isPureIsland(Component) && !hasChildren(props, slots);
}

/** Any island component: Astro hands over whatever the page renders, with the props it was given. */
type Island = ComponentType<never>;

export async function renderToStaticMarkup(this: RendererContext | undefined, Component: Island, props: Record<string, unknown>) {
  const prefix = nextPrefix(this?.result);
  // Astro passes a class prop for scoped styles; @astrojs/react drops it as well.
  const { class: _ignored, ...own } = props;
  const key = `${prefix}\u0000${JSON.stringify(own)}`;
  let forComponent = kept.get(Component);
  if (!forComponent) kept.set(Component, (forComponent = new Map()));
  let html = forComponent.get(key);
  if (html === undefined) {
    html = renderToString(createElement(Component as ComponentType<object>, own), { identifierPrefix: prefix });
    if (forComponent.size >= KEPT_PER_COMPONENT) forComponent.delete(forComponent.keys().next().value!);
    forComponent.set(key, html);
  }
  return { html, attrs: { prefix } };
}

export default {
  name: 'storefront:pure-islands',
  check,
  renderToStaticMarkup,
  supportsAstroStaticSlot: true,
};
