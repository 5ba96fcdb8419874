/**
 * The server renderer of pure islands (src/lib/pure-island.ts, decision 034).
 * Astro asks it first: it takes a React component marked pure and rendered
 * without children, and leaves every other component to @astrojs/react.
 *
 * An island's HTML is kept per component, per prefix (the identifierPrefix its
 * `useId`s start with, also written on the <astro-island> for hydration) and
 * per props, so the same page part renders once and is looked up after. A
 * prefix is the island's tag and its count among the islands of that tag in
 * one page render ('cm0', then 'cm1' for a second one): @astrojs/react counts
 * its islands 'r0', 'r1', ... on the same page, and tags are two letters or
 * more, so the two never collide. Counting per tag keeps an island's prefix
 * the same whatever else the page renders, which a kept layout part needs
 * (decision 058). Each component keeps at most KEPT_PER_COMPONENT entries,
 * the oldest going first.
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { isPureIsland, pureIslandTag } from '../lib/pure-island.ts';

export const KEPT_PER_COMPONENT = 64;

type Slots = Record<string, unknown>;
interface RendererContext {
  result?: object;
}

const counters = new WeakMap<object, Map<string, number>>();
const kept = new WeakMap<object, Map<string, string>>();

function nextPrefix(result: object | undefined, tag: string): string {
  if (!result) return `${tag}0`;
  let byTag = counters.get(result);
  if (!byTag) counters.set(result, (byTag = new Map()));
  const index = byTag.get(tag) ?? 0;
  byTag.set(tag, index + 1);
  return `${tag}${index}`;
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
  const prefix = nextPrefix(this?.result, pureIslandTag(Component)!);
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
