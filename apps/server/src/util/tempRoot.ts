import { mkdir, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PREFIX = 'pagewright-run-';

/**
 * The server's own temporary directory, `<TMPDIR>/pagewright-run-<pid>`: every task folder,
 * engine scratch file and child process's temporary file (LibreOffice, Chromium, Tesseract
 * inherit TMPDIR) goes below it. At start, the folders of servers that no longer run (a kill,
 * a crash, a pulled plug) are removed with whatever users' pages they still hold; at
 * shutdown the server removes its own. Folders of live processes are left alone, so servers
 * sharing one TMPDIR do not touch each other's.
 */
export async function claimTempRoot(base = tmpdir()): Promise<{ dir: string; orphansRemoved: string[] }> {
  const orphansRemoved: string[] = [];
  for (const name of await readdir(base).catch(() => [] as string[])) {
    const pid = Number(name.slice(PREFIX.length));
    if (!name.startsWith(PREFIX) || !Number.isInteger(pid) || pid <= 0 || pid === process.pid || isAlive(pid)) continue;
    await rm(path.join(base, name), { recursive: true, force: true });
    orphansRemoved.push(name);
  }
  const dir = path.join(base, `${PREFIX}${process.pid}`);
  // A folder of an earlier process that had this pid is an orphan too.
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return { dir, orphansRemoved };
}

export async function releaseTempRoot(dir: string): Promise<void> {
  // A child ended a moment ago (soffice, Chromium) may still be writing below it: removal is
  // retried on ENOTEMPTY/EBUSY instead of giving up on the first race.
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
