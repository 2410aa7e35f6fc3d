import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC signatures of URLs the server hands out (downloads of cloud files, shared files, task
 * results and archives). `purpose` keeps one kind of URL from being replayed as another.
 */
export function signFor(secret: string, purpose: string, subject: string, expires: number): string {
  return createHmac('sha256', secret).update(`${purpose}\n${subject}\n${expires}`).digest('base64url');
}

/** True while `expires` (epoch seconds) has not passed and the token signs this purpose and subject. */
export function verifyFor(secret: string, purpose: string, subject: string, expires: number, token: string, now = Date.now()): boolean {
  if (!Number.isFinite(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(signFor(secret, purpose, subject, expires));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
