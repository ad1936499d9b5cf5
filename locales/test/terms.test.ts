import { describe, expect, it } from 'vitest';
import { byNamespace, LANGUAGES, NAMESPACES } from '../index';

/**
 * One thing, one name: the spec's "mock test" is "Probetest" in German and "probni test" in Croatian on every
 * screen — not also "Prüfungssimulation", "Testprüfung" or "probni ispit" for the same test.
 */
const OTHER_NAMES: Record<(typeof LANGUAGES)[number], RegExp> = {
  de: /Prüfungssimulation|Testprüfung|Probeprüfung|Probeexamen/i,
  en: /mock exam|exam simulation|practice exam/i,
  hr: /probn\w* ispit|simulacij\w* ispita/i,
};
const NAMES: Record<(typeof LANGUAGES)[number], RegExp> = {
  de: /Probetest/,
  en: /mock test/i,
  hr: /probn\w* test/i,
};

const texts = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Object.values(value as object).flatMap(texts);

describe.each(LANGUAGES)('the mock test in %s', (lng) => {
  const all = NAMESPACES.flatMap((ns) => texts(byNamespace[ns][lng]));

  it('has one name', () => {
    expect(all.filter((text) => OTHER_NAMES[lng].test(text))).toEqual([]);
    expect(all.filter((text) => NAMES[lng].test(text)).length).toBeGreaterThan(10);
  });
});

/**
 * A percentage stays on one line: German and Croatian put a no-break space between the number and "%" (as
 * `Intl.NumberFormat` does), English writes none.
 */
const PERCENT: Record<(typeof LANGUAGES)[number], { wrong: RegExp; right: RegExp }> = {
  de: { wrong: /\d[ \t]%|\d%/, right: /\d\u00a0%/ },
  en: { wrong: /\d\s%/, right: /\d%/ },
  hr: { wrong: /\d[ \t]%|\d%/, right: /\d\u00a0%/ },
};

describe.each(LANGUAGES)('percentages in %s', (lng) => {
  const all = NAMESPACES.flatMap((ns) => texts(byNamespace[ns][lng]));

  it('are written one way and never break before the sign', () => {
    expect(all.filter((text) => PERCENT[lng].wrong.test(text))).toEqual([]);
    expect(all.filter((text) => PERCENT[lng].right.test(text)).length).toBeGreaterThan(2);
  });
});
