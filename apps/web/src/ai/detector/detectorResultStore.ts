/**
 * The last detection, handed from /app/ai-detector to /app/ai-detector-result (SPEC §2). It is
 * kept in the tab's session storage so the result page survives a reload, and it is tagged with
 * the account that ran it: another account signed in on the same tab does not see it.
 */
import { detectorResult, type DetectorResult } from '@pagewright/contracts';
import { z } from 'zod';

const KEY = 'pagewright.detectorResult';

const stored = z.object({ userId: z.string(), result: detectorResult });

export function saveDetection(userId: string, result: DetectorResult, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(KEY, JSON.stringify({ userId, result }));
  } catch {
    // A full or disabled storage: the result page then asks for a new detection.
  }
}

/** The stored detection of this account, or null (none, another account's, or not a detector result). */
export function loadDetection(userId: string, storage: Storage = sessionStorage): DetectorResult | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  const parsed = stored.safeParse(raw);
  return parsed.success && parsed.data.userId === userId ? parsed.data.result : null;
}
