import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;
// The main server's data directory, for specs that set data up with the administrator command
// (specs/admin.ts); the workers inherit the variable from the runner.
const e2eDataDir = (process.env.PAGEWRIGHT_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'pagewright-e2e-')));

// The built product served by the real server, on its embedded defaults in a fresh data directory.
export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  workers: 1,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    acceptDownloads: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: [
    {
      command: 'node ../apps/server/dist/main.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      // SIGTERM lets the server close its LibreOffice pool; a SIGKILL would leave soffice running.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: e2eDataDir,
        LOG_LEVEL: 'warn',
        // Tool specs run several tasks per guest and download as guests.
        PAYWALLS: 'off',
        // Every spec signs its users up from 127.0.0.1.
        REGISTER_PER_CLIENT_PER_HOUR: '100000',
      },
    },
    {
      // The spec's limits and paywalls (guest 1 task a day, sign in to download) for the
      // accounts, limits and pricing specs: they use baseURL http://127.0.0.1:<E2E_PORT + 1>.
      command: 'node ../apps/server/dist/main.js',
      url: `http://127.0.0.1:${port + 1}/api/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      env: {
        PORT: String(port + 1),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pagewright-e2e-paywalled-')),
        LOG_LEVEL: 'warn',
        REGISTER_PER_CLIENT_PER_HOUR: '100000',
      },
    },
  ],
});
