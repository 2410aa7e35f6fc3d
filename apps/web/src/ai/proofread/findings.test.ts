import type { ProofreadFinding } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { acceptAll, acceptFinding } from './findings';

const finding = (start: number, end: number, text: string, suggestions: string[], kind: ProofreadFinding['kind'] = 'spelling'): ProofreadFinding => ({ kind, start, end, text, suggestions });

describe('accepting proofreading findings', () => {
  const text = 'We recieve the the mail.';
  const findings = [finding(3, 10, 'recieve', ['receive']), finding(11, 18, 'the the', ['the'], 'repeated-word')];

  it('replaces the span and moves the later findings by the change in length', () => {
    const edited = acceptFinding(text, findings, 1, 'the');
    expect(edited.text).toBe('We recieve the mail.');
    expect(edited.findings).toEqual([findings[0]]);
    const again = acceptFinding(text, findings, 0, 'receive');
    expect(again.findings[0]).toMatchObject({ start: 11, end: 18 });
    expect(again.text.slice(again.findings[0]!.start, again.findings[0]!.end)).toBe('the the');
  });

  it('accept all applies every suggestion and leaves hints without one', () => {
    const hint = finding(0, 24, text, [], 'long-sentence');
    const edited = acceptAll(text, [...findings, hint]);
    expect(edited.text).toBe('We receive the mail.');
  });
});
