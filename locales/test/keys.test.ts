import { describe, expect, it } from 'vitest';
import { byNamespace, LANGUAGES, NAMESPACES } from '../index';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

type Lng = (typeof LANGUAGES)[number];

/** i18next plural suffixes (`key_one`, `key_few`, `key_other`, …): which ones a language needs comes from CLDR. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const pluralBase = (key: string) => key.replace(PLURAL_SUFFIX, '');
const pluralCategories = (lng: Lng) =>
  new Intl.PluralRules(lng).resolvedOptions().pluralCategories as readonly string[];

describe.each(NAMESPACES)('namespace %s', (ns) => {
  const flat = (lng: Lng) => flatten(byNamespace[ns][lng] as Tree);
  // A plural key counts once, by its base name: Croatian needs `_few` where English has none.
  const baseKeys = (lng: Lng) => new Set([...flat(lng).keys()].map(pluralBase));
  const allKeys = new Set(LANGUAGES.flatMap((lng) => [...baseKeys(lng)]));

  it.each(LANGUAGES)('%s has every key of every other language', (lng) => {
    const keys = baseKeys(lng);
    const missing = [...allKeys].filter((key) => !keys.has(key));
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s has exactly the plural forms its grammar needs', (lng) => {
    const keys = [...flat(lng).keys()];
    const plurals = new Set(keys.filter((k) => PLURAL_SUFFIX.test(k)).map(pluralBase));
    const wanted = pluralCategories(lng);
    const wrong = [...plurals].flatMap((base) => {
      const have = keys
        .filter((k) => pluralBase(k) === base && k !== base)
        .map((k) => k.slice(base.length + 1));
      const missing = wanted.filter((c) => !have.includes(c)).map((c) => `${base}_${c} missing`);
      const extra = have.filter((c) => !wanted.includes(c)).map((c) => `${base}_${c} not used in ${lng}`);
      return [...missing, ...extra];
    });
    expect(wrong).toEqual([]);
  });

  it.each(LANGUAGES)('%s has no empty value', (lng) => {
    const empty = [...flat(lng)].filter(([, value]) => value.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('uses the same interpolation placeholders in every language', () => {
    // Plural forms are compared with the base key's `_other` form (a `_one` form may spell the number out).
    const byBase = (lng: Lng) => {
      const out = new Map<string, string>();
      for (const [key, value] of flat(lng)) {
        const base = pluralBase(key);
        if (key === base || key.endsWith('_other')) out.set(base, value);
      }
      return out;
    };
    const en = byBase('en');
    for (const lng of LANGUAGES) {
      const other = byBase(lng);
      for (const [key, value] of en) {
        expect([key, lng, placeholders(other.get(key) ?? '')]).toEqual([key, lng, placeholders(value)]);
      }
    }
  });
});

describe('translations', () => {
  it('German and Croatian are not English copies', () => {
    for (const ns of NAMESPACES) {
      const en = flatten(byNamespace[ns].en as Tree);
      for (const lng of ['de', 'hr'] as const) {
        const other = flatten(byNamespace[ns][lng] as Tree);
        const long = [...en].filter(([, v]) => v.length > 25);
        const copied = long.filter(([k, v]) => other.get(k) === v);
        expect(copied.length / Math.max(long.length, 1)).toBeLessThan(0.1);
      }
    }
  });

  it('English uses the spec texts verbatim', () => {
    expect(byNamespace.learn.en.error).toBe('Failed to load questions. Please try again.');
    expect(byNamespace.dashboard.en.errorTitle).toBe('Failed to Load Dashboard');
    expect(byNamespace.dashboard.en.errorMessage).toBe(
      "We couldn't load your dashboard data. Please try again.",
    );
    expect(byNamespace.account.en.login.failed).toBe('Login failed. Please check your credentials.');
    expect(byNamespace.marketing.en.contact.failed).toBe('Failed to send. Please try again.');
  });
});
