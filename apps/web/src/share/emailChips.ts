/**
 * The recipients of an email share as chips (SPEC §5): typed text becomes a chip on Enter, a
 * comma (also the full-width ，) or a space; each must look like an email address, none may
 * repeat another (case-insensitively), and there are at most shareLimits.maxRecipients.
 */
import { shareLimits } from '@pagewright/contracts';
import { z } from 'zod';

/** Keys that turn the typed text into a chip. */
export const chipKeys: readonly string[] = ['Enter', ',', '，', ' '];

const separators = /[,，\s]+/;

/** An email address as the server checks it (zod's email rule), so no chip is refused on Send. */
export function isEmail(text: string): boolean {
  return z.regexes.email.test(text.trim());
}

/** Why a typed address did not become a chip: not an address, already there, or one too many. */
export type ChipError =
  | { kind: 'invalid'; text: string }
  | { kind: 'duplicate'; text: string }
  | { kind: 'tooMany' };

export interface ChipInput {
  recipients: string[];
  /** What stays in the text box: the part after the last separator, or the address refused. */
  rest: string;
  error: ChipError | null;
}

function refusal(recipients: readonly string[], address: string): ChipError | null {
  if (!isEmail(address)) return { kind: 'invalid', text: address };
  const lower = address.toLowerCase();
  if (recipients.some((r) => r.toLowerCase() === lower)) return { kind: 'duplicate', text: address };
  if (recipients.length >= shareLimits.maxRecipients) return { kind: 'tooMany' };
  return null;
}

/**
 * Takes the addresses out of `text`. Each complete address (followed by a separator, or every
 * one when `commit`, as on Enter) becomes a chip in order; the first refused one stops there
 * and stays in the box with the text after it, so nothing typed is lost.
 */
export function takeAddresses(recipients: readonly string[], text: string, commit: boolean): ChipInput {
  const parts = text.split(separators);
  const tail = commit ? '' : (parts.pop() ?? '');
  const added = [...recipients];
  for (let i = 0; i < parts.length; i++) {
    const address = (parts[i] ?? '').trim();
    if (address === '') continue;
    const error = refusal(added, address);
    if (error) {
      const rest = [...parts.slice(i), ...(commit ? [] : [tail])].filter((p) => p !== '').join(' ');
      return { recipients: added, rest, error };
    }
    added.push(address);
  }
  return { recipients: added, rest: tail, error: null };
}

/**
 * The sender's address as the dialog starts with it: the account's email, except that an
 * address ending in @mobile (an account made from a phone number) counts as none (SPEC §5).
 */
export function senderEmailOf(accountEmail: string | null | undefined): string {
  const email = (accountEmail ?? '').trim();
  return email.toLowerCase().endsWith('@mobile') ? '' : email;
}

/** Send needs a valid sender address and at least one recipient (SPEC §5). */
export function canSend(senderEmail: string, recipients: readonly string[]): boolean {
  return isEmail(senderEmail) && recipients.length > 0;
}
