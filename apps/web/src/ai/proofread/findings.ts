/**
 * Accepting a proofreading finding edits the text in place: the span is replaced by the chosen
 * suggestion, the findings after it move by the change in length, and any that overlapped the
 * replaced span go (they were about text that is no longer there).
 */
import type { ProofreadFinding } from '@pagewright/contracts';

export interface Edited {
  text: string;
  findings: ProofreadFinding[];
}

export function acceptFinding(text: string, findings: ProofreadFinding[], index: number, replacement: string): Edited {
  const target = findings[index];
  if (!target) return { text, findings };
  const delta = replacement.length - (target.end - target.start);
  const next = text.slice(0, target.start) + replacement + text.slice(target.end);
  const moved = findings.flatMap((f, i) => {
    if (i === index) return [];
    if (f.end <= target.start) return [f];
    if (f.start >= target.end) return [{ ...f, start: f.start + delta, end: f.end + delta }];
    return [];
  });
  return { text: next, findings: moved };
}

/** Every finding with a suggestion accepted, from the last to the first so no offset moves under another. */
export function acceptAll(text: string, findings: ProofreadFinding[]): Edited {
  let edited: Edited = { text, findings };
  const order = findings.map((f, i) => ({ f, i })).filter(({ f }) => f.suggestions.length > 0).sort((a, b) => b.f.start - a.f.start);
  for (const { f } of order) {
    const index = edited.findings.indexOf(f);
    if (index >= 0) edited = acceptFinding(edited.text, edited.findings, index, f.suggestions[0]!);
  }
  return edited;
}
