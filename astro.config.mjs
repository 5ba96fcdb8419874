// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, fontProviders } from 'astro/config';
import { MAX_BODY_BYTES } from './api/http/request-rules.ts';
import { sonnerStyleHashes } from './server/csp-style-hashes.ts';
import pureIslands from './src/integrations/pure-islands.ts';
import reachDirective from './src/integrations/reach-directive.ts';
import pageModulesOnce from './src/integrations/page-modules-once.ts';
import { pageScriptsChunking } from './src/integrations/page-scripts-chunk.ts';
import { SHIPPED_FONTS, SHIPPED_WEIGHTS, fontCssVariable, fontDisplayOf } from './src/lib/store-font.ts';

// Media from another origin (MEDIA_BASE_URL naming a CDN for images): pages may load it.
// Read at build, as the CSP's directives are built into the pages' headers.
const mediaOrigin = (() => {
  try {
    return process.env.MEDIA_BASE_URL ? ` ${new URL(process.env.MEDIA_BASE_URL).origin}` : '';
  } catch {
    return '';
  }
})();

// server.ts owns the HTTP server (API mount, compression, headers), so the
// adapter runs in middleware mode and only renders pages.
export default defineConfig({
  output: 'server',
  // The one stylesheet (Tailwind, the theme defaults and Swiper's rules, src/styles/global.css) goes
  // into each page as a <style>: no stylesheet request before the first paint (decision 028). About
  // 9 KB brotli. Base.astro writes it (src/lib/global-stylesheet.ts), its CSP hash worked out once
  // per process (decision 034); a component stylesheet would still be inlined and hashed by Astro.
  build: { inlineStylesheets: 'always' },
  // ASTRO_OUT_DIR lets parallel builds (and their e2e servers) stay apart; server.ts reads the same.
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  // Pages render whole before their headers are sent: the CSP header must
  // carry hashes that components add while rendering (decision 005), and our
  // pages fetch their data up front anyway, so streaming would gain little.
  // server.ts reads every body within MAX_BODY_BYTES before Astro sees it
  // (server/request-gate.ts); the adapter's own cap (1 GiB by default) is
  // set to the same as a second line, should anything reach Astro unread.
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true, bodySizeLimit: MAX_BODY_BYTES }),
  // Pure islands render once per props (decision 034): its renderer is asked before React's.
  // client:reach: islands load on the shopper's first reach (decision 029).
  // Each page's module is imported once, not on every render (decision 046).
  integrations: [pureIslands(), react(), reachDirective(), pageModulesOnce()],
  // The shipped store fonts (decision 024), self-hosted from their npm packages:
  // latin, normal style, four weights; Astro builds a metric-matched fallback for each.
  fonts: SHIPPED_FONTS.map((font) => ({
    provider: fontProviders.local(),
    name: font.name,
    cssVariable: fontCssVariable(font),
    fallbacks: ['sans-serif'],
    options: {
      variants: /** @type {[any, ...any[]]} */ (
        SHIPPED_WEIGHTS.map((weight) => ({
          src: [`./node_modules/@fontsource/${font.slug}/files/${font.slug}-latin-${weight}-normal.woff2`],
          weight,
          style: 'normal',
          display: fontDisplayOf(weight),
        }))
      ),
    },
  })),
  security: {
    checkOrigin: true,
    // Astro adds the hashes of the scripts and styles it renders (island
    // bootstraps included); server/security-headers.ts mirrors these
    // directives for responses Astro does not render (API, static files).
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        `img-src 'self' data: blob:${mediaOrigin}`,
        `media-src 'self'${mediaOrigin}`,
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
      // The toast library's own stylesheet, injected when it first loads.
      styleDirective: { hashes: sonnerStyleHashes() },
    },
  },
  // Shiki's highlighting writes inline style attributes, which the CSP refuses.
  markdown: { syntaxHighlight: false },
  vite: {
    plugins: [tailwindcss()],
    // The page scripts' shared code in one chunk, not a dozen (decision 036).
    environments: { client: { build: { rolldownOptions: { output: { codeSplitting: pageScriptsChunking() } } } } },
  },
});
