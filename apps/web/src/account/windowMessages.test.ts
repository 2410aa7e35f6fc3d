import { describe, expect, it } from 'vitest';
import { cookieSupportMessage, readCookieSupportMessage, readTokenMessage, tokenMessage } from './windowMessages';

const origin = 'https://pagewright.example';

describe('readTokenMessage', () => {
  it('reads the token of a pagewrightToken message from our origin', () => {
    expect(readTokenMessage({ origin, data: { type: 'pagewrightToken', token: 'abc' } }, origin)).toBe('abc');
    expect(tokenMessage('abc')).toEqual({ type: 'pagewrightToken', token: 'abc' });
  });

  it('ignores a token message from another origin', () => {
    expect(readTokenMessage({ origin: 'https://evil.example', data: tokenMessage('abc') }, origin)).toBeNull();
  });

  it('ignores other message types, missing or blank tokens and non-object data', () => {
    expect(readTokenMessage({ origin, data: { type: 'otherToken', token: 'abc' } }, origin)).toBeNull();
    expect(readTokenMessage({ origin, data: { type: 'pagewrightToken' } }, origin)).toBeNull();
    expect(readTokenMessage({ origin, data: { type: 'pagewrightToken', token: '  ' } }, origin)).toBeNull();
    expect(readTokenMessage({ origin, data: 'pagewrightToken' }, origin)).toBeNull();
  });
});

describe('readCookieSupportMessage', () => {
  it('reads the frame report of cookie support from our origin only', () => {
    expect(readCookieSupportMessage({ origin, data: cookieSupportMessage(false) }, origin)).toBe(false);
    expect(readCookieSupportMessage({ origin, data: cookieSupportMessage(true) }, origin)).toBe(true);
    expect(readCookieSupportMessage({ origin: 'https://evil.example', data: cookieSupportMessage(false) }, origin)).toBeNull();
    expect(readCookieSupportMessage({ origin, data: tokenMessage('abc') }, origin)).toBeNull();
  });
});
