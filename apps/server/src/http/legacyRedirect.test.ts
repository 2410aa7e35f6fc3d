import { describe, expect, it } from 'vitest';
import { legacyRedirectTarget } from './legacyRedirect.js';

describe('legacy /v2 redirects', () => {
  it.each([
    ['/v2/merge-pdf', '/app/merge-pdf'],
    ['/v2/merge-pdf-new', '/app/merge-pdf'],
    ['/de/v2/compress-pdf?utm=x&y=1', '/de/app/compress-pdf?utm=x&y=1'],
    ['/de/v2/split-pdf', '/de/app/split-pdf'],
    ['/jp/v2/pdf-to-word-new?a=b', '/jp/app/pdf-to-word?a=b'],
    ['/v2/popular-tools', '/'],
    ['/v2/no-such-tool', '/'],
    ['/pt/v2/popular-tools', '/pt'],
  ])('%s goes to %s', (from, to) => {
    expect(legacyRedirectTarget(from)).toBe(to);
  });

  it('leaves other paths alone', () => {
    expect(legacyRedirectTarget('/app/merge-pdf')).toBeNull();
    expect(legacyRedirectTarget('/pricing')).toBeNull();
    expect(legacyRedirectTarget('/xx/v2/merge-pdf')).toBeNull();
  });
});
