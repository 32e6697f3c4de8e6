import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_PORT lets two checkouts (or two people on one machine) run the suite side by side.
const port = Number(process.env.E2E_PORT ?? 18180);
const baseURL = `http://127.0.0.1:${port}`;
const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: './specs',
  // One folder per port: Playwright empties its output folder at start, so side-by-side runs keep theirs.
  outputDir: `./test-results/${port}`,
  // Specs share one server and its database; each file uses its own account state, so files may run side by side.
  workers: 2,
  fullyParallel: false,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  timeout: 30_000,
  // A safety net for a hung run, not a budget: the suite takes about 7 minutes on CI's 2 cores.
  globalTimeout: 20 * 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: {
    // The real product server on a fresh data directory; prepare-db.ts removes the old one first.
    command: 'npx tsx e2e/prepare-db.ts && npx tsx apps/server/src/main.ts',
    cwd: repoRoot,
    url: `${baseURL}/prod-api/captchaImage`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(repoRoot, '.tmp', 'e2e-data', String(port)),
      // E2E_WEB_DIST: a build of one's own, so a parallel `vite build` into apps/web/dist cannot pull files from under a run.
      WEB_DIST: process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'apps', 'web', 'dist'),
      LOG_LEVEL: 'warn',
    },
  },
});
