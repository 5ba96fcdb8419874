/**
 * Registers the pure-island renderer (src/integrations/pure-islands.server.ts,
 * decision 034) ahead of @astrojs/react: list it before `react()` in
 * astro.config.mjs. In the browser such an island hydrates with React's own
 * client, like any other.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export default function pureIslands(): AstroIntegration {
  return {
    name: 'storefront:pure-islands',
    hooks: {
      'astro:config:setup': ({ addRenderer }) => {
        addRenderer({
          name: 'storefront:pure-islands',
          serverEntrypoint: fileURLToPath(new URL('./pure-islands.server.ts', import.meta.url)),
          clientEntrypoint: '@astrojs/react/client.js',
        });
      },
    },
  };
}
