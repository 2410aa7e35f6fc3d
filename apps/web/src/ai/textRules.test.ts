import { describe, expect, it } from 'vitest';
import { aiTextProblem, countCharacters } from './textRules';

describe('aiTextProblem', () => {
  it('asks for at least 250 characters to summarize or rewrite (11005)', () => {
    for (const action of ['summarize', 'rewrite'] as const) {
      expect(aiTextProblem(action, 'x'.repeat(249))).toBe(11005);
      expect(aiTextProblem(action, 'x'.repeat(250))).toBeNull();
    }
  });

  it('does not count the white space around the text towards the 250', () => {
    expect(aiTextProblem('summarize', `   ${'x'.repeat(249)}\n\n  `)).toBe(11005);
    expect(countCharacters('  a b  ')).toBe(3);
  });

  it('counts a character outside the basic plane once, as the server does', () => {
    expect(countCharacters('𝒜😀')).toBe(2);
    expect(aiTextProblem('summarize', '😀'.repeat(250))).toBeNull();
  });

  it('takes at most 2,000 characters to ask or explain (AI_TEXT_TOO_LONG)', () => {
    for (const action of ['ask', 'explain'] as const) {
      expect(aiTextProblem(action, 'y'.repeat(2_000))).toBeNull();
      expect(aiTextProblem(action, 'y'.repeat(2_001))).toBe('AI_TEXT_TOO_LONG');
    }
  });

  it('has no minimum for a question and no maximum for a summary', () => {
    expect(aiTextProblem('ask', 'Why?')).toBeNull();
    expect(aiTextProblem('summarize', 'z'.repeat(20_000))).toBeNull();
  });
});
