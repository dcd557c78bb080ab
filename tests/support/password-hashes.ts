/**
 * Better Auth hashes passwords with scrypt: about 0.1 s of one core on a quiet machine, close to a
 * second on a busy one, and the test suites make and sign in hundreds of accounts with the same few
 * passwords. A test portal's hashing is therefore remembered: the first hash of a password (a real,
 * salted scrypt hash) is the one every later account with that password gets, and checking a password
 * against a hash, a pure function of the two, is computed once per pair. Every sign-up, set-up and
 * sign-in still runs the product's code, hashing and checking included; what a wrong password gets is
 * still a refusal.
 */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

const hashes = new Map<string, Promise<string>>();
const checks = new Map<string, Promise<boolean>>();

/** Hashes made once per run (global-setup), by password: their check is known too. */
export function rememberHashes(known: Record<string, string>): void {
  for (const [password, hash] of Object.entries(known)) {
    if (hashes.has(password)) continue;
    hashes.set(password, Promise.resolve(hash));
    checks.set(`${hash}\0${password}`, Promise.resolve(true));
  }
}

/** Makes this auth context's hashing remember (in place: Better Auth's endpoints share the object). */
export function rememberPasswordHashing(password: PasswordHashing): void {
  const { hash, verify } = { hash: password.hash.bind(password), verify: password.verify.bind(password) };
  password.hash = (plain) => {
    if (!hashes.has(plain)) hashes.set(plain, hash(plain));
    return hashes.get(plain)!;
  };
  password.verify = (input) => {
    const key = `${input.hash}\0${input.password}`;
    if (!checks.has(key)) checks.set(key, verify(input));
    return checks.get(key)!;
  };
}
