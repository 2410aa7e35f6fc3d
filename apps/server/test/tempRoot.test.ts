/**
 * The server's temporary folder (util/tempRoot): its own below TMPDIR, removed at shutdown;
 * those of servers that were killed removed at the next start; live servers' left alone.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, startServer, type TestServer } from './harness.js';

const started: TestServer[] = [];
afterAll(async () => {
  for (const server of started) {
    await server.stop().catch(() => undefined);
    removeDir(server.dataDir);
  }
});

const runDirs = (server: TestServer) => readdirSync(path.join(server.dataDir, 'tmp')).filter((n) => n.startsWith('pagewright-run-')).sort();

describe('temporary folders', () => {
  it('removes at start the folder of a server that died, keeps a live one, and removes its own at shutdown', async () => {
    // The server process's own folder (worker processes keep theirs beside it).
    const first = await startServer({ stack: 'embedded' });
    started.push(first);
    const tmp = path.join(first.dataDir, 'tmp');
    const firstDir = `pagewright-run-${first.process.pid}`;
    expect(runDirs(first)).toEqual([firstDir]);
    // What a task of the killed server was holding: a user's OCR page.
    mkdirSync(path.join(tmp, firstDir, 'pagewright-task-x'), { recursive: true });
    writeFileSync(path.join(tmp, firstDir, 'pagewright-task-x', 'page-1.png'), 'scan');
    // A folder of a process that is alive (this test's) must stay.
    const live = `pagewright-run-${process.pid}`;
    mkdirSync(path.join(tmp, live));
    await first.kill();
    expect(existsSync(path.join(tmp, firstDir, 'pagewright-task-x', 'page-1.png'))).toBe(true);

    const second = await startServer({ dataDir: first.dataDir, stack: 'embedded' });
    started.push(second);
    const secondDir = `pagewright-run-${second.process.pid}`;
    expect(runDirs(second)).toEqual([live, secondDir].sort());
    await second.stop();
    expect(runDirs(second), second.output().slice(-3000)).toEqual([live]);
  });
});
