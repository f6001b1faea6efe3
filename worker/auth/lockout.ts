/** Repeated sign-in failures lock an account name for a while, whether or not the account exists. */
export const maxFailures = 5;
export const lockMinutes = 15;

export async function lockedMinutesLeft(db: D1Database, account: string, now = Date.now()): Promise<number> {
  const row = await db.prepare("SELECT locked_until FROM login_failures WHERE account = ?").bind(account).first<{ locked_until: number }>();
  return row && row.locked_until > now ? Math.ceil((row.locked_until - now) / 60_000) : 0;
}

/** Counts a failure; the fifth in a row locks the account for `lockMinutes`. */
export async function recordFailure(db: D1Database, account: string, now = Date.now()) {
  await db
    .prepare(
      "INSERT INTO login_failures (account, failures, locked_until) VALUES (?1, 1, 0) ON CONFLICT(account) DO UPDATE SET " +
        "failures = CASE WHEN failures + 1 >= ?2 THEN 0 ELSE failures + 1 END, locked_until = CASE WHEN failures + 1 >= ?2 THEN ?3 ELSE locked_until END",
    )
    .bind(account, maxFailures, now + lockMinutes * 60_000)
    .run();
}

export async function clearFailures(db: D1Database, account: string) {
  await db.prepare("DELETE FROM login_failures WHERE account = ?").bind(account).run();
}
