import { describe, expect, it } from 'vitest';
import { compare, normalCdf, sampleSize, wilson } from './stats';

// Known values from the literature, not from this code.

describe('conversion-rate intervals (Wilson score, 95 %)', () => {
  it('match Newcombe (1998), Statistics in Medicine 17:857–872, table I', () => {
    const i = wilson(81, 263);
    expect(i?.low).toBeCloseTo(0.2553, 4);
    expect(i?.high).toBeCloseTo(0.3662, 4);
    const zero = wilson(0, 20);
    expect(zero?.low).toBeCloseTo(0, 10);
    expect(zero?.high).toBeCloseTo(0.1611, 4);
    const all = wilson(29, 29);
    expect(all?.low).toBeCloseTo(0.883, 4);
    expect(all?.high).toBeCloseTo(1, 10);
  });

  it('none without visitors', () => {
    expect(wilson(0, 0)).toBeNull();
  });
});

describe('the normal distribution', () => {
  it('Φ(1.96) = 0.9750, Φ(−1.645) = 0.0500, Φ(0) = 0.5 (standard tables)', () => {
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1.644854)).toBeCloseTo(0.05, 6);
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
  });
});

describe('two variants compared (two-proportion z-test, difference with its 95 % interval)', () => {
  it('100/1,000 against 130/1,000: z = 2.103, p = 0.0355, B better; difference 0.030 in [0.0021, 0.0579]', () => {
    const c = compare({ conversions: 100, visitors: 1000 }, { conversions: 130, visitors: 1000 });
    expect(c?.z).toBeCloseTo(2.1027, 4);
    expect(c?.pValue).toBeCloseTo(0.0355, 4);
    expect(c?.difference).toBeCloseTo(0.03, 10);
    expect(c?.interval.low).toBeCloseTo(0.00207, 5);
    expect(c?.interval.high).toBeCloseTo(0.05793, 5);
    expect(c?.verdict).toBe('better');
  });

  it('a small sample is inconclusive; worse is worse', () => {
    expect(compare({ conversions: 10, visitors: 100 }, { conversions: 13, visitors: 100 })?.verdict).toBe(
      'inconclusive',
    );
    expect(compare({ conversions: 130, visitors: 1000 }, { conversions: 100, visitors: 1000 })?.verdict).toBe(
      'worse',
    );
    expect(compare({ conversions: 0, visitors: 0 }, { conversions: 1, visitors: 10 })).toBeNull();
  });
});

describe('sample size per variant (α 0.05 two-sided, power 0.8, no continuity correction)', () => {
  it('10 % → 12 % needs 3,841 per group (Fleiss, Statistical Methods for Rates and Proportions)', () => {
    expect(sampleSize(0.1, 0.2)).toBe(3841);
  });
  it('50 % → 60 % needs 388 per group (407 with the continuity correction, which this leaves out)', () => {
    expect(sampleSize(0.5, 0.2)).toBe(388);
  });
  it('cannot be said without a baseline rate', () => {
    expect(sampleSize(0, 0.1)).toBeNull();
    expect(sampleSize(0.95, 0.1)).toBeNull();
  });
});
