import { describe, expect, it } from 'vitest';
import { loadedReactBuild, modeLine } from '../../server/run-mode.ts';

describe('run mode', () => {
  it('tells React\'s build from the server renderer file that was loaded', () => {
    expect(loadedReactBuild(['/a/node_modules/react-dom/cjs/react-dom-server.node.production.js'])).toBe('production');
    expect(loadedReactBuild(['/a/node_modules/react-dom/cjs/react-dom-server.node.development.js'])).toBe('development');
    expect(loadedReactBuild(['/a/node_modules/kysely/index.js'])).toBe('not loaded');
  });

  it('warns when NODE_ENV says production but React loaded its development build', () => {
    expect(modeLine('production', 'production')).toBe('Mode: production; React renders with its production build');
    expect(modeLine('production', 'development')).toMatch(/Warning: React was loaded before NODE_ENV was set/);
    expect(modeLine(undefined, 'development')).toBe('Mode: development (NODE_ENV=unset); React renders with its development build');
  });
});
