/**
 * Global setup of the scale-out run (vitest.scale.config.ts): starts PostgreSQL through
 * scripts/scale-up.sh and hands the tests an administrator URL, with which harness.startServer
 * gives each server a database of its own; starts a Redis and an S3 API emulator (s3rver) on
 * free loopback ports, with which each server gets a Redis database and a bucket of its own
 * and two worker processes. At the end it drops the databases of this run (and of runs whose
 * process is gone), stops Redis and the emulator, and stops the cluster if this run started it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { TEST_DATABASE_PREFIX } from './harness.js';
import { startS3Emulator } from './s3Emulator.js';

const scaleUp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scripts/scale-up.sh');

/** Runs scripts/scale-up.sh; its standard output carries the DATABASE_URL, its error output what it did. */
function runScaleUp(action: 'start' | 'stop'): { stdout: string; stderr: string } {
  const run = spawnSync('bash', [scaleUp, action], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`scripts/scale-up.sh ${action} failed:\n${run.stderr}${run.stdout}`);
  return { stdout: run.stdout, stderr: run.stderr };
}

/** Drops test databases of this run, and of earlier runs whose process has ended. */
async function dropTestDatabases(adminUrl: string, runTag: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${TEST_DATABASE_PREFIX}%`]);
    for (const { datname } of rows) {
      const pid = Number(/^pw_test_r(\d+)_/.exec(datname)?.[1]);
      if (!datname.startsWith(runTag) && Number.isInteger(pid) && isAlive(pid)) continue;
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
  } finally {
    await admin.end();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    }).on('error', reject);
  });
}

/** A Redis of this run only, without persistence, with room for a database per test server. */
async function startRedis(): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--databases', '10000'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const deadline = Date.now() + 10_000;
  while (!log.includes('Ready to accept connections')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not start (apt-get install redis-server):\n${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `redis://127.0.0.1:${port}`, process: child };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = runScaleUp('start');
  const databaseUrl = /^DATABASE_URL=(\S+)$/m.exec(started.stdout)?.[1];
  if (!databaseUrl) throw new Error(`scripts/scale-up.sh printed no DATABASE_URL:\n${started.stdout}`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const adminUrl = admin.toString();
  const runTag = `${TEST_DATABASE_PREFIX}r${process.pid}_`;
  await dropTestDatabases(adminUrl, runTag);
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgDatabasePrefix', runTag);
  const redis = await startRedis();
  const s3 = await startS3Emulator();
  project.provide('redisUrl', redis.url);
  project.provide('s3Endpoint', s3.endpoint);
  return async () => {
    redis.process.kill('SIGKILL');
    await s3.stop();
    await dropTestDatabases(adminUrl, runTag);
    // A cluster that was running before this run is someone else's to stop.
    if (/PostgreSQL started/.test(started.stderr)) runScaleUp('stop');
  };
}
