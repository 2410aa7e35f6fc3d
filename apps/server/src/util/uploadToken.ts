import { signFor, verifyFor } from './signedUrl.js';

/** Signs an upload URL for one file until `expires` (epoch seconds). */
export function signUpload(secret: string, fileId: string, expires: number): string {
  return signFor(secret, 'upload', fileId, expires);
}

export function verifyUpload(secret: string, fileId: string, expires: number, token: string, now = Date.now()): boolean {
  return verifyFor(secret, 'upload', fileId, expires, token, now);
}
