/** The administrator command line against the main e2e server's data directory (playwright.config.ts). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const adminMain = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/dist/cli/admin.js');

export function runAdmin(args: string[]): string {
  const dataDir = process.env.PAGEWRIGHT_E2E_DATA_DIR;
  if (!dataDir) throw new Error('PAGEWRIGHT_E2E_DATA_DIR is not set: run the specs through playwright.config.ts');
  return execFileSync(process.execPath, [adminMain, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}
