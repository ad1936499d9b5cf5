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

describe.each(NAMESPACES)('namespace %s', (ns) => {
  const flat = (lng: (typeof LANGUAGES)[number]) => flatten(byNamespace[ns][lng] as Tree);
  const allKeys = new Set(LANGUAGES.flatMap((lng) => [...flat(lng).keys()]));

  it.each(LANGUAGES)('%s has every key of every other language', (lng) => {
    const keys = flat(lng);
    const missing = [...allKeys].filter((key) => !keys.has(key));
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s has no empty value', (lng) => {
    const empty = [...flat(lng)].filter(([, value]) => value.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('uses the same interpolation placeholders in every language', () => {
    for (const [key, value] of flat('en')) {
      for (const lng of LANGUAGES) {
        expect([key, lng, placeholders(flat(lng).get(key) ?? '')]).toEqual([key, lng, placeholders(value)]);
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
