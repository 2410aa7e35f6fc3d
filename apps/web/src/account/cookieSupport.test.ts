import { describe, expect, it } from 'vitest';
import { cookiesSupported, type CookieEnvironment } from './cookieSupport';

/** A cookie jar that keeps `name=value` pairs and drops max-age=0 writes, or keeps nothing. */
function environment({ enabled = true, keeps = true, storageAccess }: { enabled?: boolean; keeps?: boolean; storageAccess?: boolean }): CookieEnvironment {
  const jar = new Map<string, string>();
  const document = {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      if (!keeps) return;
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/max-age=0/.test(line)) jar.delete(name);
      else jar.set(name, value);
    },
    ...(storageAccess === undefined ? {} : { hasStorageAccess: () => Promise.resolve(storageAccess) }),
  };
  return { document, navigator: { cookieEnabled: enabled } };
}

describe('cookiesSupported', () => {
  it('is true when a probe cookie reads back, and removes the probe', async () => {
    const env = environment({});
    await expect(cookiesSupported(env)).resolves.toBe(true);
    expect(env.document.cookie).toBe('');
  });

  it('is false when the browser has cookies disabled', async () => {
    await expect(cookiesSupported(environment({ enabled: false }))).resolves.toBe(false);
  });

  it('is false when the frame has no storage access', async () => {
    await expect(cookiesSupported(environment({ storageAccess: false }))).resolves.toBe(false);
    await expect(cookiesSupported(environment({ storageAccess: true }))).resolves.toBe(true);
  });

  it('is false when a written cookie is silently dropped', async () => {
    await expect(cookiesSupported(environment({ keeps: false }))).resolves.toBe(false);
  });
});
