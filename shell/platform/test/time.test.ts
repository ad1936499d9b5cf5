import { describe, expect, it } from 'vitest';
import { formatWhen } from '../src/time';

// Monday 2 March 2026, 10:30 in Berlin (UTC+1).
const NOW = '2026-03-02T09:30:00Z';

describe('formatWhen', () => {
  it('says today and tomorrow in the learner’s language, with the clock time of their zone', () => {
    expect(formatWhen('2026-03-02T13:05:00Z', NOW, 'de', 'Europe/Berlin')).toBe('heute 14:05');
    expect(formatWhen('2026-03-03T08:00:00Z', NOW, 'de', 'Europe/Berlin')).toBe('morgen 09:00');
    expect(formatWhen('2026-03-03T08:00:00Z', NOW, 'hr', 'Europe/Berlin')).toBe('sutra 09:00');
    expect(formatWhen('2026-03-03T08:00:00Z', NOW, 'en', 'Europe/Berlin')).toMatch(/^tomorrow 9:00\sAM$/);
  });

  it('counts days in the learner’s zone: 23:30 in Berlin is already tomorrow in Helsinki', () => {
    expect(formatWhen('2026-03-02T22:30:00Z', NOW, 'de', 'Europe/Berlin')).toBe('heute 23:30');
    expect(formatWhen('2026-03-02T22:30:00Z', NOW, 'de', 'Europe/Helsinki')).toBe('morgen 00:30');
  });

  it('names the weekday within the week and the date beyond it; a past instant is now', () => {
    expect(formatWhen('2026-03-05T08:00:00Z', NOW, 'de', 'Europe/Berlin')).toBe('Donnerstag 09:00');
    expect(formatWhen('2026-03-05T08:00:00Z', NOW, 'hr', 'Europe/Berlin')).toBe('četvrtak 09:00');
    expect(formatWhen('2026-03-20T08:00:00Z', NOW, 'de', 'Europe/Berlin')).toBe('20. März 09:00');
    expect(formatWhen('2026-03-02T09:00:00Z', NOW, 'en', 'Europe/Berlin')).toBe('now');
    expect(formatWhen(NOW, NOW, 'de', 'Europe/Berlin')).toBe('jetzt');
  });
});
