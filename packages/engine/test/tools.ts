/**
 * The external tools the tests read results back with (poppler, qpdf, unzip, LibreOffice), and
 * the real-world corpus, with one rule for when they are missing: nothing is skipped silently.
 *
 * - A tool that is present: the guard returns true and the tests run.
 * - A tool that is missing under CI (CI set, and not "false" or "0"): the guard throws, so the
 *   suite (or, inside a test, the test) fails with a message naming the tool and the setup
 *   script that installs it.
 * - A tool that is missing elsewhere: the guard prints why and returns false, and the caller
 *   skips (`describe.skipIf(!toolsAvailable(...))`).
 * - `prerequisite` applies the same rule to anything else the setup provides (npm's bin links).
 * - The corpus (<repo>/../shared/corpus) is not installed by the setup script: when it is absent
 *   the corpus suites skip, in CI too, and say so in the output.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const SETUP = 'scripts/setup.sh';

/** How to tell each tool is there, and what installs it. */
const TOOLS = {
  qpdf: { probe: ['--version'], install: `Debian package qpdf, installed by ${SETUP}` },
  pdftotext: { probe: ['-v'], install: `Debian package poppler-utils, installed by ${SETUP}` },
  pdfinfo: { probe: ['-v'], install: `Debian package poppler-utils, installed by ${SETUP}` },
  pdfimages: { probe: ['-v'], install: `Debian package poppler-utils, installed by ${SETUP}` },
  pdftoppm: { probe: ['-v'], install: `Debian package poppler-utils, installed by ${SETUP}` },
  pdfsig: { probe: ['-v'], install: `Debian package poppler-utils, installed by ${SETUP}` },
  pdffonts: { probe: ['-v'], install: `Debian package poppler-utils, installed by ${SETUP}` },
  unzip: { probe: ['-v'], install: `Debian package unzip, not yet in ${SETUP}: apt-get install unzip` },
  soffice: { probe: ['--version'], install: `LibreOffice, the libreoffice-*-nogui packages installed by ${SETUP}` },
} as const satisfies Record<string, { probe: readonly string[]; install: string }>;

export type Tool = keyof typeof TOOLS;

/** Whether the environment is CI, where a missing tool is a failure rather than a skip. */
export function inCi(): boolean {
  const ci = process.env.CI?.trim().toLowerCase();
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0';
}

const probed = new Map<Tool, boolean>();
const reported = new Set<string>();

function present(tool: Tool): boolean {
  let found = probed.get(tool);
  if (found === undefined) {
    found = spawnSync(tool, TOOLS[tool].probe, { stdio: 'ignore', timeout: 60_000 }).status === 0;
    probed.set(tool, found);
  }
  return found;
}

/**
 * True when every one of `tools` runs. When one is missing: under CI, throws (naming the tools,
 * what installs them and `use`, what needed them); elsewhere prints the reason, once per `use`,
 * and returns false. `use` names the suite or check being skipped.
 */
export function toolsAvailable(use: string, ...tools: Tool[]): boolean {
  const missing = new Map<string, Tool[]>();
  for (const tool of tools) if (!present(tool)) missing.set(TOOLS[tool].install, [...(missing.get(TOOLS[tool].install) ?? []), tool]);
  const what = [...missing].map(([install, names]) => `${names.join(', ')} (${install})`).join('; ');
  return prerequisite(use, what, missing.size === 0);
}

/**
 * The same rule for something else the setup script provides (`what` says what is missing and
 * what provides it): true when `found`; otherwise a failure under CI, a printed skip elsewhere.
 */
export function prerequisite(use: string, what: string, found: boolean): boolean {
  if (found) return true;
  if (inCi()) {
    throw new Error(`Missing under CI=true: ${what}; needed by "${use}", which CI runs rather than skips. Run bash ${SETUP}.`);
  }
  const key = `${use}\0${what}`;
  if (!reported.has(key)) {
    reported.add(key);
    console.warn(`[skipped] ${use}: missing ${what}. Under CI=true this fails instead.`);
  }
  return false;
}

/**
 * True when the corpus path exists. When it is absent (it is not part of the repository or the
 * setup script) prints which suite is skipped, in CI too, and returns false.
 */
export function corpusAvailable(path: string, suite: string): boolean {
  if (existsSync(path)) return true;
  console.warn(`[skipped] ${suite}: the corpus is absent (${path} not found).`);
  return false;
}
