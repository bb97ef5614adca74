/**
 * The CPU slowdown that makes a host a mid-range phone for Lighthouse, from the benchmark index Lighthouse measures in
 * every run (`lhr.environment.benchmarkIndex`). Lighthouse's documentation (docs/throttling.md, "CPU throttling") says
 * its default 4x suits a high-end desktop and asks to calibrate the multiplier on other hosts with its CPU throttling
 * calculator (lighthouse-cpu-throttling-calculator.vercel.app); PageSpeed Insights does so itself (Lighthouse's
 * core/config/lr-mobile-config.js: 1.2x, "determined using PSI CPU benchmark median and" the calculator). These are the
 * calculator's three segments: an index of 1 533 gives 4x, 1 300 gives 3x, 800 gives 2x, 150 gives 1x.
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) throw new Error(`benchmark index ${benchmarkIndex}`);
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}
