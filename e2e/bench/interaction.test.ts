// The first interaction's figures and budgets (bench/interaction.ts), without a browser: `npm test --workspace e2e`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { median } from './common';
import {
  type EventRecord,
  type InteractionRow,
  interactionBudgets,
  summarize,
  type TapFigures,
  tapLatency,
} from './interaction';

test('median: the middle of an odd count, the upper middle of an even one, 0 for none', () => {
  assert.equal(median([300, 100, 200]), 200);
  assert.equal(median([40, 10, 30, 20]), 30);
  assert.equal(median([]), 0);
});

const entry = (e: Partial<EventRecord>): EventRecord => ({
  type: 'event',
  name: 'pointerdown',
  startTime: 1000,
  duration: 24,
  interactionId: 7,
  ...e,
});

test("a tap's latency is the longest event of its interaction, not of a later one", () => {
  const events = [
    entry({ type: 'first-input', duration: 24, interactionId: 7 }),
    entry({ name: 'pointerup', startTime: 1060, duration: 40 }),
    entry({ name: 'click', startTime: 1062, duration: 56 }),
    // The next tap (another interaction) and an entry from before the tap do not count.
    entry({ name: 'click', startTime: 3000, duration: 400, interactionId: 8 }),
    entry({ name: 'keydown', startTime: 500, duration: 900, interactionId: 3 }),
  ];
  assert.equal(tapLatency(events, 1000), 56);
});

test("a tap whose events were all under the 16 ms threshold has its first input's duration; none is null", () => {
  assert.equal(tapLatency([entry({ type: 'first-input', duration: 8, interactionId: 0 })], 1000), 8);
  assert.equal(tapLatency([], 1000), null);
});

const run = (effectMs: number | null, on = 'server markup'): TapFigures => ({
  effectMs,
  source: effectMs === null ? 'none' : 'element timing',
  frameMs: effectMs,
  eventMs: 64,
  on,
});

test('a summary takes the median effect, counts lost taps as never answered and says where the taps landed', () => {
  const s = summarize([run(2000), run(null), run(1800, 'live page'), run(2100), run(1900)]);
  assert.equal(s.effectMs, 2000);
  assert.equal(s.lost, 1);
  assert.equal(s.eventMs, 64);
  assert.equal(s.on, 'server markup ×4, live page ×1');
  assert.equal(summarize([run(null), run(null), run(90)]).effectMs, Number.POSITIVE_INFINITY);
});

const row = (app: (number | null)[], floor: number[]): InteractionRow => {
  const appRuns = app.map((ms) => run(ms));
  const floorRuns = floor.map((ms) => run(ms, 'static page'));
  return {
    page: '/demo',
    tap: 'Start',
    app: summarize(appRuns),
    floor: summarize(floorRuns),
    appRuns,
    floorRuns,
  };
};

test('the budgets: ≤ 200 ms and ≤ the floor + 100 ms, each failing on its own, and failing with a lost tap', () => {
  const oks = (r: InteractionRow) => interactionBudgets([r]).map((b) => b.ok);
  assert.deepEqual(oks(row([150, 160, 170], [60, 70, 80])), [true, true]);
  assert.deepEqual(oks(row([200, 200, 200], [100, 100, 100])), [true, true]);
  // Good by INP's measure, but more than 100 ms slower than the static page.
  assert.deepEqual(oks(row([190, 190, 190], [60, 60, 60])), [true, false]);
  // Within 100 ms of a slow floor (a request to the server), but over 200 ms.
  assert.deepEqual(oks(row([400, 420, 440], [350, 350, 350])), [false, true]);
  // Seconds: the tap waits for the app.
  assert.deepEqual(oks(row([2069, 1885, 2300], [74, 57, 60])), [false, false]);
  // The median would hold, but one tap was never answered.
  assert.deepEqual(oks(row([150, null, 160], [60, 70, 80])), [false, false]);
  assert.equal(
    interactionBudgets([row([150, null, 160], [60, 70, 80])])[0]?.value,
    '160 ms, 1 of 3 taps lost',
  );
});
