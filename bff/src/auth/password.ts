import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const N = 16_384;
const R = 8;
const P = 1;
const KEYLEN = 64;

function derive(password: string, salt: Buffer, opts: ScryptOptions, keylen: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keylen, { ...opts, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$<salt b64url>$<hash b64url>`; the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r: R, p: P }, KEYLEN);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

// Verified against when the account does not exist, so a missing account costs the same time as a wrong password.
const DUMMY = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEYLEN).toString('base64url')}`;

/** Constant-time check; a null or malformed stored hash still spends one scrypt and answers false. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? DUMMY).split('$');
  const ok = parts.length === 6 && parts[0] === 'scrypt';
  const [, n, r, p, salt, hash] = ok ? parts : DUMMY.split('$');
  const expected = Buffer.from(hash ?? '', 'base64url');
  const key = await derive(
    password,
    Buffer.from(salt ?? '', 'base64url'),
    { N: Number(n), r: Number(r), p: Number(p) },
    expected.length || KEYLEN,
  );
  return ok && stored != null && key.length === expected.length && timingSafeEqual(key, expected);
}
