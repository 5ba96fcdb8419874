/**
 * The storefront's one stylesheet (Tailwind, the theme defaults and Swiper's
 * rules, src/styles/global.css), as Base.astro writes it inline into every
 * page (decision 028), with its CSP hash worked out once per process: Astro
 * hashed an inlined stylesheet again on every render (decision 034). Its
 * element is also kept encoded, for the server to put into each page's bytes
 * (decision 046).
 */
import { createHash } from 'node:crypto';
import css from '../styles/global.css?inline';

export const GLOBAL_STYLESHEET: string = css;
export const GLOBAL_STYLESHEET_HASH = `sha256-${createHash('sha256').update(css).digest('base64')}` as const;
export const GLOBAL_STYLESHEET_ELEMENT: Uint8Array = Buffer.from(`<style>${css}</style>`);
