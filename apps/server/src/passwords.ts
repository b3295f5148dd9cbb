import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

/** argon2id with the library's defaults (19 MiB, 2 passes: OWASP's minimum recommendation). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

const isBcrypt = (storedHash: string) => /^\$2[abxy]\$/.test(storedHash);

/** Checks argon2id hashes, and the bcrypt hashes that accounts imported from the legacy system still carry. */
export function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  if (isBcrypt(storedHash)) return bcrypt.compare(password, storedHash).catch(() => false);
  return verify(storedHash, password).catch(() => false);
}

/** Whether a hash should be replaced with argon2id at the next successful sign-in. */
export const needsRehash = (storedHash: string) => !storedHash.startsWith('$argon2id$');
