import type { Knex } from 'knex';

/**
 * Rate limits count in fixed windows aligned to multiples of their length on the database clock
 * (src/http/rate-limit.ts). A test that counts requests up to a limit must not straddle a window's end, or the
 * count starts again halfway (CI once saw 0 refusals where 2 were due). When the database clock is within
 * `marginSeconds` of the end of a window of any of `windows` (lengths in seconds), this waits until that end has
 * passed, reading the clock again after each wait.
 */
export async function clearOfWindowEnd(
  db: Knex,
  windows: readonly number[],
  marginSeconds = 10,
): Promise<void> {
  for (;;) {
    const { rows } = await db.raw<{ rows: { t: number }[] }>('select extract(epoch from now())::float8 as t');
    const now = Number(rows[0]?.t);
    const wait = Math.max(
      0,
      ...windows.map((w) => {
        const left = w - (now % w);
        return left < marginSeconds ? left + 0.25 : 0;
      }),
    );
    if (wait === 0) return;
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
}
