import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signs an upload URL for one file until `expires` (epoch seconds). */
export function signUpload(secret: string, fileId: string, expires: number): string {
  return createHmac('sha256', secret).update(`${fileId}.${expires}`).digest('base64url');
}

export function verifyUpload(secret: string, fileId: string, expires: number, token: string, now = Date.now()): boolean {
  if (!Number.isFinite(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(signUpload(secret, fileId, expires));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
