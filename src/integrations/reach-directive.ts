/**
 * Registers the `client:reach` directive (src/directives/reach.ts): islands
 * that enhance HTML which already works load on the shopper's first reach.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export default function reachDirective(): AstroIntegration {
  return {
    name: 'storefront:reach-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'reach', entrypoint: fileURLToPath(new URL('../directives/reach.ts', import.meta.url)) });
      },
    },
  };
}
