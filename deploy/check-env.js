#!/usr/bin/env node
// Checks a deploy environment file the way the containers will see it: the file's variables
// plus the ones compose.yaml sets for the API and the workers, validated by the server's own
// configuration (apps/server/dist/config.js; run `npm run build` first). Runs without Docker.
// Usage: node deploy/check-env.js [deploy/.env]   (default: deploy/.env.example)
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const file = process.argv[2] ?? join(here, '.env.example');

/** KEY=value lines; `#` lines and blank lines skipped, one pair of surrounding quotes removed. */
function parseEnvFile(text) {
  const env = {};
  for (const line of text.split('\n')) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m || line.trimStart().startsWith('#')) continue;
    env[m[1]] = m[2].replace(/^"(.*)"$|^'(.*)'$/, (_, a, b) => a ?? b);
  }
  return env;
}

const env = parseEnvFile(readFileSync(file, 'utf8'));
const missing = ['POSTGRES_PASSWORD', 'MINIO_ROOT_USER', 'MINIO_ROOT_PASSWORD', 'S3_BUCKET', 'PUBLIC_URL'].filter((name) => !env[name]);
if (missing.length > 0) {
  process.stderr.write(`${file}: compose.yaml needs ${missing.join(', ')}\n`);
  process.exit(1);
}
// What compose.yaml's x-pagewright environment adds.
Object.assign(env, {
  NODE_ENV: 'production',
  DATABASE_URL: `postgres://pagewright:${env.POSTGRES_PASSWORD}@postgres:5432/pagewright`,
  QUEUE_KIND: 'bullmq',
  REDIS_URL: 'redis://redis:6379',
  STORAGE_KIND: 's3',
  S3_ACCESS_KEY_ID: env.MINIO_ROOT_USER,
  S3_SECRET_ACCESS_KEY: env.MINIO_ROOT_PASSWORD,
  S3_FORCE_PATH_STYLE: 'true',
});
const { loadConfig } = await import(pathToFileURL(join(here, '..', 'apps/server/dist/config.js')).href);
try {
  const config = loadConfig(env);
  const weak = ['POSTGRES_PASSWORD', 'MINIO_ROOT_PASSWORD', 'CLIENT_SIGN_SECRET', 'UPLOAD_SIGNING_SECRET'].filter((name) => env[name]?.startsWith('change-me'));
  process.stdout.write(`${file}: valid (database ${config.database.kind}, storage ${config.storage.kind} ${config.storage.endpoint ?? 'AWS'}, queue ${config.queue.kind})\n`);
  if (weak.length > 0) process.stdout.write(`  still the example values: ${weak.join(', ')}\n`);
} catch (err) {
  process.stderr.write(`${file}: ${err.message}\n`);
  process.exit(1);
}
