import type { SiteConfig } from '@pagewright/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { api, removeDir, startServer, type TestServer } from './harness.js';

let server: TestServer | undefined;

afterEach(async () => {
  if (!server) return;
  await server.stop();
  removeDir(server.dataDir);
  server = undefined;
});

describe('GET /api/site-config', () => {
  it('answers both redirects off and no sister site by default', async () => {
    server = await startServer();
    const { http, env } = await api<SiteConfig>(server, 'GET', '/api/site-config');
    expect(http).toBe(200);
    expect(env.code).toBe(0);
    expect(env.data).toEqual({ sister_sites: null, compress_redirect: false, ai_redirect: false, ocr_premium_only: false, share_permanent_premium_only: false });
  });

  it('answers the configured sister sites and the redirects switched on', async () => {
    server = await startServer({
      env: {
        SISTER_SITE_URL_COM: 'https://sister.example.com/',
        SISTER_SITE_URL_COM_BR: 'https://sister.example.com.br',
        COMPRESS_REDIRECT: 'true',
        AI_REDIRECT: '1',
      },
    });
    const { env } = await api<SiteConfig>(server, 'GET', '/api/site-config');
    expect(env.data).toEqual({
      sister_sites: {
        com: 'https://sister.example.com',
        'com.br': 'https://sister.example.com.br',
        'com.ru': 'https://sister.example.com',
      },
      compress_redirect: true,
      ai_redirect: true,
      ocr_premium_only: false,
      share_permanent_premium_only: false,
    });
  });
});

describe('site configuration from the environment', () => {
  it('refuses a redirect switched on without a sister site', () => {
    expect(() => loadConfig({ COMPRESS_REDIRECT: 'true' })).toThrow(/SISTER_SITE_URL_COM/);
  });

  it('refuses a sister site address that is not http or https', () => {
    expect(() => loadConfig({ SISTER_SITE_URL_COM: 'ftp://sister.example.com' })).toThrow(/SISTER_SITE_URL_COM/);
  });
});
