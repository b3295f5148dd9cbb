/**
 * Failed sign-ins of the last minute, per account and per account and client address, kept in memory.
 * Past `limit` failures an account is under attack: only addresses that have not failed for it may still
 * try, so ten guesses from ten addresses do not lock the owner out of their own address, while each
 * guessing address is stopped after its first miss.
 */
export function signInFailures(limit: number, windowMs = 60_000) {
  const failures = new Map<string, { count: number; until: number }>();
  const count = (key: string) => {
    const entry = failures.get(key);
    return entry && entry.until > Date.now() ? entry.count : 0;
  };
  const pair = (email: string, address: string) => `${email}\n${address}`;

  function forget(now: number) {
    for (const [key, entry] of failures) if (entry.until <= now) failures.delete(key);
  }

  return {
    /** Whether the account has failed `limit` times in the window. */
    underAttack: (email: string) => count(email) >= limit,
    /** Whether this address may not try this account now. */
    refused: (email: string, address: string) => count(email) >= limit && count(pair(email, address)) > 0,
    record(email: string, address: string) {
      const now = Date.now();
      if (failures.size > 10_000) forget(now);
      for (const key of [email, pair(email, address)]) {
        const until = count(key) > 0 ? (failures.get(key)?.until ?? now + windowMs) : now + windowMs;
        failures.set(key, { count: count(key) + 1, until });
      }
    },
  };
}
