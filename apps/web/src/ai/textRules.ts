/**
 * The AI text rules of SPEC §5, checked in the page before anything is sent: summarize and
 * rewrite need at least 250 characters (11005), ask and explain take at most 2,000
 * (AI_TEXT_TOO_LONG). Characters are counted as the server counts them: code points, without
 * the surrounding white space.
 */
import { aiLimits, type AiAction } from '@pagewright/contracts';

export type AiTextProblem = 11005 | 'AI_TEXT_TOO_LONG';

export function countCharacters(text: string): number {
  return [...text.trim()].length;
}

/** What the counter shows beside the field: the count against the action's bound. */
export function characterBound(action: AiAction): { kind: 'min' | 'max'; limit: number } {
  return action === 'summarize' || action === 'rewrite'
    ? { kind: 'min', limit: aiLimits.textMinCharacters }
    : { kind: 'max', limit: aiLimits.askMaxCharacters };
}

/** The catalogue code the text breaks, or null when it may be sent. */
export function aiTextProblem(action: AiAction, text: string): AiTextProblem | null {
  const count = countCharacters(text);
  const bound = characterBound(action);
  if (bound.kind === 'min') return count < bound.limit ? 11005 : null;
  return count > bound.limit ? 'AI_TEXT_TOO_LONG' : null;
}
