import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdInfo, LocationInfo, ShellConfig } from '@pagewright/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { api, removeDir, startServer, type TestServer } from './harness.js';

let server: TestServer | undefined;

afterEach(async () => {
  if (!server) return;
  await server.stop();
  removeDir(server.dataDir);
  server = undefined;
});

async function location(s: TestServer, headers: Record<string, string>): Promise<string> {
  const res = await fetch(`${s.baseUrl}/api/v2/location`, { headers });
  return ((await res.json()) as { data: LocationInfo }).data.country;
}

function operatorFile(content: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-site-'));
  const file = path.join(dir, 'shell.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}

describe('site calls without operator configuration', () => {
  it('answer no ad, empty links and no traffic banner entry', async () => {
    server = await startServer();
    const ad = await api<AdInfo>(server, 'GET', '/api/get-ad-list');
    expect(ad.env.code).toBe(0);
    expect(ad.env.data).toEqual({ adv_popshow: 0, adv_url: '', adv_img: '' });
    const shell = await api<ShellConfig>(server, 'GET', '/api/site/shell');
    expect(shell.env.data.downloads).toEqual({ windows: '', mac: '', android: '', ios: '' });
    expect(shell.env.data.feedback_url).toBe('');
    expect(shell.env.data.message_bar.resource_list).toEqual([]);
  });

  it('take the country from the region of Accept-Language and ignore a proxy header nobody trusts', async () => {
    server = await startServer();
    expect(await location(server, { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' })).toBe('BR');
    expect(await location(server, { 'accept-language': 'es;q=0.9,es-MX;q=0.8' })).toBe('MX');
    expect(await location(server, { 'accept-language': 'en', 'cf-ipcountry': 'DE' })).toBe('');
  });
});

describe('site calls with operator configuration', () => {
  it('answer the configured ad, links and only the banner entries showing now', async () => {
    const now = Math.floor(Date.now() / 1000);
    const showing = { resource_id: 'r1', title: 'Spring offer', jump_url: '/pricing', display_start_time: now - 60, display_end_time: now + 3600 };
    const ended = { resource_id: 'r0', title: 'Old offer', jump_url: '/pricing', display_start_time: now - 7200, display_end_time: now - 3600 };
    server = await startServer({
      env: {
        SITE_SHELL_FILE: operatorFile({
          ad: { adv_popshow: 1, adv_url: 'https://example.org/offer', adv_img: 'https://example.org/offer.png' },
          downloads: { windows: 'https://example.org/setup.exe' },
          mobile_store: { br: { android: 'https://example.org/android-br' } },
          feedback_url: 'https://example.org/feedback',
          message_bar: [showing, ended],
        }),
      },
    });
    const ad = await api<AdInfo>(server, 'GET', '/api/get-ad-list');
    expect(ad.env.data).toEqual({ adv_popshow: 1, adv_url: 'https://example.org/offer', adv_img: 'https://example.org/offer.png' });
    const shell = (await api<ShellConfig>(server, 'GET', '/api/site/shell')).env.data;
    expect(shell.downloads).toEqual({ windows: 'https://example.org/setup.exe', mac: '', android: '', ios: '' });
    expect(shell.mobile_store.br).toEqual({ android: 'https://example.org/android-br', ios: '' });
    expect(shell.mobile_store.default).toEqual({ android: '', ios: '' });
    expect(shell.feedback_url).toBe('https://example.org/feedback');
    expect(shell.message_bar.resource_list).toEqual([showing]);
  });

  it('take the country from the trusted proxy header before Accept-Language', async () => {
    server = await startServer({ env: { COUNTRY_HEADER: 'CF-IPCountry' } });
    expect(await location(server, { 'cf-ipcountry': 'br', 'accept-language': 'es-ES' })).toBe('BR');
    // Cloudflare's "unknown" falls back to the language's region.
    expect(await location(server, { 'cf-ipcountry': 'XX', 'accept-language': 'es-ES' })).toBe('ES');
  });

  it('refuse to start with an operator file that has an unknown field', async () => {
    await expect(startServer({ env: { SITE_SHELL_FILE: operatorFile({ adverts: [] }) } })).rejects.toThrow(/SITE_SHELL_FILE/);
  });
});
