import { expect, test } from '@playwright/test';
import { startServer } from './spawned-server.ts';

/**
 * Issue 16: React's development build halves what a server renders. The
 * server reads which build it actually loaded (server/run-mode.ts) and says
 * so at start; these tests hold `npm run serve` to the production build.
 */
test('`npm run serve` renders pages with React\'s production build and says so at start', async () => {
  const server = await startServer({}, { npmScript: 'serve' });
  try {
    const page = await fetch(`${server.origin}/`);
    expect(page.status).toBeLessThan(500);
    expect(server.output()).toContain('Mode: production; React renders with its production build');
    expect(server.output()).not.toMatch(/development build/);
  } finally {
    await server.stop();
  }
});

test('NODE_ENV=development is said at start, with React\'s development build', async () => {
  const server = await startServer({ NODE_ENV: 'development' });
  try {
    expect(server.output()).toContain('Mode: development (NODE_ENV=development); React renders with its development build');
  } finally {
    await server.stop();
  }
});
