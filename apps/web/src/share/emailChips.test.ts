import { describe, expect, it } from 'vitest';
import { canSend, chipKeys, isEmail, senderEmailOf, takeAddresses } from './emailChips';

const five = ['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io', 'e@x.io'];

describe('takeAddresses', () => {
  it('makes a chip of each address followed by a comma, a full-width comma or a space, keeping the tail', () => {
    expect(takeAddresses([], 'a@x.io,b@x.io，c@x.io d@x', false)).toEqual({
      recipients: ['a@x.io', 'b@x.io', 'c@x.io'], rest: 'd@x', error: null,
    });
  });

  it('makes a chip of the whole text on commit (Enter)', () => {
    expect(takeAddresses(['a@x.io'], ' b@x.io ', true)).toEqual({ recipients: ['a@x.io', 'b@x.io'], rest: '', error: null });
  });

  it('refuses text that is not an email address and leaves it in the box', () => {
    expect(takeAddresses([], 'not-an-email', true)).toEqual({
      recipients: [], rest: 'not-an-email', error: { kind: 'invalid', text: 'not-an-email' },
    });
  });

  it('refuses an address already added, whatever its case', () => {
    expect(takeAddresses(['Bob@Example.com'], 'bob@example.COM', true)).toEqual({
      recipients: ['Bob@Example.com'], rest: 'bob@example.COM', error: { kind: 'duplicate', text: 'bob@example.COM' },
    });
  });

  it('refuses a sixth address', () => {
    expect(takeAddresses(five, 'f@x.io', true)).toEqual({ recipients: five, rest: 'f@x.io', error: { kind: 'tooMany' } });
  });

  it('stops at the first refused address of a pasted list and keeps it and what follows', () => {
    expect(takeAddresses([], 'a@x.io, oops, b@x.io, c@x', false)).toEqual({
      recipients: ['a@x.io'], rest: 'oops b@x.io c@x', error: { kind: 'invalid', text: 'oops' },
    });
  });

  it('ignores separators alone', () => {
    expect(takeAddresses(['a@x.io'], ' , ，', true)).toEqual({ recipients: ['a@x.io'], rest: '', error: null });
  });
});

describe('chip keys', () => {
  it('are Enter, the comma, the full-width comma and the space', () => {
    expect([...chipKeys].sort()).toEqual([' ', ',', 'Enter', '，'].sort());
  });
});

describe('isEmail', () => {
  it('takes name@domain.tld and refuses the rest', () => {
    expect(isEmail('ada@example.com')).toBe(true);
    expect(isEmail('ada.lovelace+x@mail.example.co.uk')).toBe(true);
    for (const text of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a b@example.com', 'a@b@example.com']) {
      expect(isEmail(text), text).toBe(false);
    }
  });
});

describe('senderEmailOf', () => {
  it('is the account email', () => {
    expect(senderEmailOf('ada@example.com')).toBe('ada@example.com');
  });

  it('is empty for an address ending in @mobile, or no account email', () => {
    expect(senderEmailOf('8613800000000@mobile')).toBe('');
    expect(senderEmailOf('8613800000000@MOBILE')).toBe('');
    expect(senderEmailOf(null)).toBe('');
  });
});

describe('canSend', () => {
  it('needs a valid sender address and at least one recipient', () => {
    expect(canSend('ada@example.com', ['b@x.io'])).toBe(true);
    expect(canSend('', ['b@x.io'])).toBe(false);
    expect(canSend('ada@example', ['b@x.io'])).toBe(false);
    expect(canSend('ada@example.com', [])).toBe(false);
  });
});
