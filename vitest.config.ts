/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// The store API's tests run on a fresh SQLite database, and again on
// PostgreSQL when TEST_DATABASE_URL is set (each test file gets its own schema).
const apiOn = (dialect: 'sqlite' | 'postgres') => ({
  extends: true,
  test: {
    name: `api-${dialect}`,
    include: ['tests/api/**/*.test.ts'],
    env: { TEST_DIALECT: dialect },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

export default getViteConfig({
  test: {
    // A committed `.only` must fail the run, never silently drop the rest of the suite (CI does not always set CI).
    allowOnly: false,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/islands/**/*.test.tsx'] },
      },
      apiOn('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [apiOn('postgres')] : []),
    ],
  },
});
