import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('adapter configuration', () => {
  it('defaults to the embedded adapters, with nothing set', () => {
    const config = loadConfig({ DATA_DIR: '/srv/pw' });
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('/srv/pw/pagewright.db') });
    expect(config.storage).toEqual({ kind: 'local', dir: path.resolve('/srv/pw/objects') });
    expect(config.queue).toEqual({ kind: 'inprocess' });
    expect(config.accounts.smtpUrl).toBeUndefined();
    expect(config.billing.paymentProvider).toBe('local');
    expect(config.ai).toEqual({ kind: 'offline' });
  });

  it('keeps DATABASE_FILE and STORAGE_DIR for the embedded adapters', () => {
    const config = loadConfig({ DATABASE_FILE: '/var/db/pw.sqlite', STORAGE_DIR: '/var/objects' });
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('/var/db/pw.sqlite') });
    expect(config.storage).toEqual({ kind: 'local', dir: path.resolve('/var/objects') });
  });

  it('takes the scale-out kinds it knows (the adapters module says whether they are installed)', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://pw:secret@db:5432/pw', STORAGE_KIND: 's3', QUEUE_KIND: 'bullmq', REDIS_URL: 'redis://redis:6379',
      S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'pagewright', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://pw:secret@db:5432/pw', poolSize: 10 });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/pw', DATABASE_POOL_SIZE: '4' }).database).toMatchObject({ poolSize: 4 });
    expect(config.storage).toEqual({
      kind: 's3', endpoint: 'http://minio:9000', bucket: 'pagewright', region: 'us-east-1',
      accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: true,
    });
    expect(() => loadConfig({ STORAGE_KIND: 's3', S3_BUCKET: 'pagewright' }))
      .toThrow(/^Invalid configuration: STORAGE_KIND=s3 needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY$/);
    expect(config.queue).toEqual({ kind: 'bullmq', redisUrl: 'redis://redis:6379', lockMs: 15_000, shutdownMs: 10_000 });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/pw' }).database.kind).toBe('postgres');
  });

  it('refuses QUEUE_KIND=bullmq without REDIS_URL, and REDIS_URL without it', () => {
    expect(() => loadConfig({ QUEUE_KIND: 'bullmq' })).toThrow(/^Invalid configuration: QUEUE_KIND=bullmq needs REDIS_URL/);
    expect(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/^Invalid configuration: REDIS_URL is used with QUEUE_KIND=bullmq only/);
  });

  it.each([
    ['STORAGE_KIND', { STORAGE_KIND: 'ftp' }],
    ['QUEUE_KIND', { QUEUE_KIND: 'redis' }],
    ['PAYMENT_PROVIDER', { PAYMENT_PROVIDER: 'paypal' }],
    ['AI_PROVIDER', { AI_PROVIDER: 'anthropic' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/pw' }],
    ['DATABASE_URL', { DATABASE_URL: 'pagewright.db' }],
    ['AI_BASE_URL', { AI_PROVIDER: 'openai', AI_BASE_URL: 'ftp://models.example' }],
  ])('refuses an unknown value, naming %s', (name, env) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: .*${name}`));
  });

  it('does not print a refused DATABASE_URL, which may hold a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://pw:hunter2@db/pw' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://pw:hunter2@db/pw' })).not.toThrow(/hunter2/);
  });

  it('refuses DATABASE_URL together with DATABASE_FILE', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/pw', DATABASE_FILE: '/var/db/pw.sqlite' })).toThrow(/DATABASE_URL and DATABASE_FILE/);
  });

  it('validates the AI provider settings', () => {
    expect(() => loadConfig({ AI_PROVIDER: 'openai' })).toThrow(/AI_PROVIDER=openai needs AI_BASE_URL and AI_MODEL/);
    expect(() => loadConfig({ AI_PROVIDER: 'openai', AI_BASE_URL: 'http://localhost:11434/v1' })).toThrow(/AI_PROVIDER=openai needs AI_MODEL/);
    expect(() => loadConfig({ AI_BASE_URL: 'http://localhost:11434/v1' })).toThrow(/AI_PROVIDER=openai only/);
    expect(loadConfig({ AI_PROVIDER: 'openai', AI_BASE_URL: 'http://localhost:11434/v1/', AI_MODEL: 'llama3.2' }).ai)
      .toEqual({ kind: 'openai', baseUrl: 'http://localhost:11434/v1', model: 'llama3.2' });
    expect(loadConfig({ AI_PROVIDER: 'openai', AI_BASE_URL: 'https://api.openai.com/v1', AI_API_KEY: 'sk-test', AI_MODEL: 'gpt-4o-mini' }).ai)
      .toEqual({ kind: 'openai', baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-test', model: 'gpt-4o-mini' });
  });

  it('still needs both Stripe keys for PAYMENT_PROVIDER=stripe', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});
