import { randomUUID } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id; the enum is a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

/** argon2id with the library's defaults (19 MiB, 2 passes): OWASP's baseline. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/**
 * Checks a password against a stored hash. Unknown emails are checked against a hash of a
 * random password, so both answers take the same time and do not tell which emails exist.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  try {
    const ok = await verify(storedHash ?? (await unknownUserHash()), password);
    return ok && storedHash !== undefined;
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
function unknownUserHash(): Promise<string> {
  dummy ??= hashPassword(randomUUID());
  return dummy;
}
