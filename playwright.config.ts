import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT) || 4399;

// Debian's Chromium (no browser download here); flags keep it off the closed network.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  // Per port, so runs on other ports (parallel work) do not wipe each other's results.
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Failure detectors, not speed limits (speed is the benches'): a slow two-core
  // machine running two browsers and the server took 5-30 s where others take 1-10.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    // A failed test keeps its trace (actions, DOM snapshots, network, console);
    // without the screencast, which took a quarter of the browser tests' CPU (decision 063).
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    // Data every browser test sees from the start (tests/e2e/*.setup.ts), written before any of them runs.
    { name: 'seed', testMatch: /.*\.setup\.ts/ },
    { name: 'chromium', dependencies: ['seed'], use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
  ],
  webServer: {
    // The built server on a fresh demo database (scripts/e2e-server.ts).
    command: 'node scripts/e2e-server.ts',
    url: `http://127.0.0.1:${PORT}/`,
    env: { PORT: String(PORT), HOST: '127.0.0.1' },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
