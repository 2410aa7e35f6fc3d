import { describe, expect, it } from 'vitest';
import { shareFailureMessage } from './shareErrors';

describe('shareFailureMessage', () => {
  it('gives a signed-in user the daily sharing limit for 3023', () => {
    expect(shareFailureMessage(3023, true)).toBe('Daily sharing limit reached. Please try again in 24 hours.');
  });

  it('asks anyone not signed in to sign in for 3023', () => {
    expect(shareFailureMessage(3023, false)).toBe('Please sign in to share files.');
  });

  it('shows any other failure as its catalogue message', () => {
    expect(shareFailureMessage('SHARE_PREMIUM_ONLY', true)).toBe('Permanent links are a Premium feature. Please upgrade to use them.');
    expect(shareFailureMessage('TOO_MANY_RECIPIENTS', true)).toBe('Add up to 5 email addresses.');
  });
});
