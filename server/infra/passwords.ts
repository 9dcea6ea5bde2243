import { hash, verify } from '@node-rs/argon2';

/** OWASP argon2id baseline (19 MiB, 2 passes, 1 lane); argon2id is the library default algorithm. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * True when the password matches the stored PHC hash. Without a hash (unknown email, or a social-only
 * account) a dummy hash is checked anyway so the answer takes as long as a real check.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('dummy password for timing 0');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
