import { describe, expect, it } from 'vitest';
import { parseSiteConfig } from './siteConfig';

const off = { sister_sites: null, compress_redirect: false, ai_redirect: false, ocr_premium_only: false, share_permanent_premium_only: true };
const sites = { com: 'https://s.example.com', 'com.br': 'https://s.example.com.br', 'com.ru': 'https://s.example.com.ru' };

describe('parseSiteConfig', () => {
  it('reads the configuration of a success envelope', () => {
    const data = { sister_sites: sites, compress_redirect: true, ai_redirect: false, ocr_premium_only: true, share_permanent_premium_only: false };
    expect(parseSiteConfig({ status: 0, code: 0, msg: 'success', data })).toEqual(data);
    expect(parseSiteConfig({ code: 0, data: off })).toEqual(off);
  });

  it('turns both redirects off for a failure, a malformed body or a missing site', () => {
    expect(parseSiteConfig(null)).toEqual(off);
    expect(parseSiteConfig({ code: 500, data: null })).toEqual(off);
    expect(parseSiteConfig({ code: 0, data: { sister_sites: { com: 'https://s.example.com' }, compress_redirect: true, ai_redirect: true } })).toEqual(off);
    expect(parseSiteConfig({ code: 0, data: { sister_sites: sites, compress_redirect: 'yes', ai_redirect: true } })).toEqual(off);
  });
});
