import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { StripePaymentProvider } from '../modules/billing/providers.js';
import { createAdapters, type Adapters } from './index.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-adapters-'));
  dirs.push(dir);
  return dir;
}

const logged: { o: object; m: string }[] = [];
const log = { info: (o: object, m: string) => void logged.push({ o, m }), error: () => {} };

async function withAdapters(env: Record<string, string>, use: (a: Adapters) => Promise<void>): Promise<void> {
  const adapters = await createAdapters(loadConfig(env), log);
  try {
    await use(adapters);
  } finally {
    await adapters.mailer.close();
    await adapters.db.destroy();
  }
}

describe('adapters chosen from configuration', () => {
  it('are the embedded ones by default, with the database migrated', async () => {
    const dir = dataDir();
    await withAdapters({ DATA_DIR: dir }, async (a) => {
      expect(existsSync(path.join(dir, 'pagewright.db'))).toBe(true);
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(a.db);
      expect(rows.map((r) => r.name)).toContain('0001_baseline');
      expect(a.storage.kind).toBe('local');
      expect(a.mailer.kind).toBe('outbox');
      expect(a.payments.provider.name).toBe('local');
      expect(a.payments.stripe).toBeNull();
      expect(a.ai.name).toBe('offline');
      expect(typeof a.createQueue).toBe('function');
    });
    expect(logged.find((l) => l.m === 'adapters chosen')?.o).toEqual({
      database: 'sqlite', storage: 'local', queue: 'inprocess', mail: 'outbox', payments: 'local', ai: 'offline',
    });
  });

  it('send mail through SMTP, and take payments through Stripe, when configured', async () => {
    await withAdapters({
      DATA_DIR: dataDir(),
      SMTP_URL: 'smtp://user:pass@127.0.0.1:2525',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_0123456789',
      STRIPE_WEBHOOK_SECRET: 'whsec_0123456789',
    }, async (a) => {
      expect(a.mailer.kind).toBe('smtp');
      expect(a.payments.provider).toBeInstanceOf(StripePaymentProvider);
      expect(a.payments.stripe).toBe(a.payments.provider);
    });
  });

  it('make the OpenAI-compatible provider from AI_PROVIDER=openai', async () => {
    await withAdapters({ DATA_DIR: dataDir(), AI_PROVIDER: 'openai', AI_BASE_URL: 'http://127.0.0.1:8000/v1', AI_MODEL: 'qwen' }, async (a) => {
      expect(a.ai.name).toBe('openai');
    });
    expect(logged.filter((l) => l.m === 'adapters chosen').at(-1)?.o).toMatchObject({ ai: 'openai' });
  });

  it('keep objects in S3-compatible storage with presigned URLs when STORAGE_KIND=s3', async () => {
    await withAdapters({
      DATA_DIR: dataDir(), STORAGE_KIND: 's3', S3_ENDPOINT: 'http://127.0.0.1:9', S3_BUCKET: 'pagewright',
      S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true',
    }, async (a) => {
      expect(a.storage.kind).toBe('s3');
      expect(await a.storage.presigned?.uploadUrl('uploads/f1', 60)).toMatch(/^http:\/\/127\.0\.0\.1:9\/pagewright\/uploads\/f1\?.*X-Amz-Signature=/);
    });
  });
});
