// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

// server.ts owns the HTTP server (API mount, compression, headers), so the
// adapter runs in middleware mode and only renders pages.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  security: { checkOrigin: true },
  vite: { plugins: [tailwindcss()] },
});
