/**
 * First-response time buckets of ai_stat_daily.first_response_hist, in seconds: bucket 0 is [0, 1),
 * bucket i is [BOUNDS[i-1], BOUNDS[i]), the last one is 1800 s and more. Rows store one count per
 * bucket in this order, so the median of any set of rows comes from their summed counts. Changing the
 * bounds means rebuilding the table (delete its rows: the next rollup pass backfills everything).
 */
export const FIRST_RESPONSE_BOUNDS = [1, 2, 3, 5, 10, 20, 30, 60, 120, 300, 600, 1800] as const;
export const BUCKETS = FIRST_RESPONSE_BOUNDS.length + 1;

/**
 * The median of a histogram in seconds, interpolated linearly inside the bucket that holds it (the
 * open last bucket answers its lower bound); null when nothing was answered.
 */
export function histogramMedian(hist: readonly number[]): number | null {
  const total = hist.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = total / 2;
  let below = 0;
  for (let i = 0; i < BUCKETS; i++) {
    const count = hist[i] ?? 0;
    if (count > 0 && below + count >= rank) {
      const lo = i === 0 ? 0 : FIRST_RESPONSE_BOUNDS[i - 1];
      if (i === BUCKETS - 1) return lo;
      const hi = FIRST_RESPONSE_BOUNDS[i];
      return Math.round((lo + ((hi - lo) * (rank - below)) / count) * 10) / 10;
    }
    below += count;
  }
  return null;
}
