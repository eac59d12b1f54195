/** Percentile of a list of durations in milliseconds (nearest-rank). */
export function percentile(samples_ms: readonly number[], p: number): number {
  if (samples_ms.length === 0) throw new Error('no samples');
  const sorted = [...samples_ms].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Runs `fn` `warmup` times unmeasured, then `runs` times, and answers p50 and p95 in ms. */
export async function measure(
  fn: () => Promise<unknown>,
  runs = 50,
  warmup = 5,
): Promise<{ p50_ms: number; p95_ms: number }> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return { p50_ms: percentile(samples, 50), p95_ms: percentile(samples, 95) };
}
