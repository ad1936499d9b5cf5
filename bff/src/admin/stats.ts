/**
 * The statistics of the A/B console (issue 18): conversion rates with 95 % Wilson score intervals, the difference
 * between two variants with its 95 % (Wald) interval, a two-sided two-proportion z-test (pooled), and the sample
 * size per variant to detect a relative lift (normal approximation, α = 0.05 two-sided, power 0.8; Fleiss without
 * continuity correction). Frequentist on purpose: the figures match what a textbook or a standard calculator gives.
 */

/** z for a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;
/** z for power 0.8. */
export const Z_POWER_80 = 0.8416212335729143;

export type Interval = { low: number; high: number };

/** The standard normal distribution function Φ. */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

/** Complementary error function: Numerical Recipes' `erfcc` (Chebyshev fit, fractional error below 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** 95 % Wilson score interval of `conversions` out of `visitors` (null with no visitors). */
export function wilson(conversions: number, visitors: number, z = Z_95): Interval | null {
  if (visitors <= 0) return null;
  const p = conversions / visitors;
  const z2 = z * z;
  const centre = (p + z2 / (2 * visitors)) / (1 + z2 / visitors);
  const half =
    (z / (1 + z2 / visitors)) * Math.sqrt((p * (1 - p)) / visitors + z2 / (4 * visitors * visitors));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export type Comparison = {
  /** Rate of B minus rate of A. */
  difference: number;
  /** 95 % interval of the difference (unpooled standard error). */
  interval: Interval;
  /** Two-proportion z statistic (pooled standard error). */
  z: number;
  /** Two-sided p-value. */
  pValue: number;
  verdict: 'better' | 'worse' | 'inconclusive';
};

/** B against A: difference, its interval, the z-test and a verdict at the 5 % level (null without visitors). */
export function compare(
  a: { conversions: number; visitors: number },
  b: { conversions: number; visitors: number },
): Comparison | null {
  if (a.visitors <= 0 || b.visitors <= 0) return null;
  const pa = a.conversions / a.visitors;
  const pb = b.conversions / b.visitors;
  const difference = pb - pa;
  const se = Math.sqrt((pa * (1 - pa)) / a.visitors + (pb * (1 - pb)) / b.visitors);
  const pooled = (a.conversions + b.conversions) / (a.visitors + b.visitors);
  const sePooled = Math.sqrt(pooled * (1 - pooled) * (1 / a.visitors + 1 / b.visitors));
  const z = sePooled > 0 ? difference / sePooled : 0;
  const pValue = sePooled > 0 ? 2 * (1 - normalCdf(Math.abs(z))) : 1;
  return {
    difference,
    interval: { low: difference - Z_95 * se, high: difference + Z_95 * se },
    z,
    pValue,
    verdict: pValue < 0.05 ? (difference > 0 ? 'better' : 'worse') : 'inconclusive',
  };
}

/**
 * Visitors needed per variant to detect a change of the baseline rate by `relativeLift` (0.1 = +10 %), at
 * α = 0.05 (two-sided) with power 0.8; null when it cannot be said (no baseline, or a rate beyond 0–1).
 */
export function sampleSize(baseline: number, relativeLift: number): number | null {
  const p1 = baseline;
  const p2 = baseline * (1 + relativeLift);
  if (!(p1 > 0 && p1 < 1 && p2 > 0 && p2 < 1) || p1 === p2) return null;
  const mean = (p1 + p2) / 2;
  const n =
    (Z_95 * Math.sqrt(2 * mean * (1 - mean)) + Z_POWER_80 * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))) ** 2 /
    (p2 - p1) ** 2;
  return Math.ceil(n);
}
