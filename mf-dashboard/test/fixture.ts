import type { Dashboard } from '@buergerfit/contract';

const days = [
  '2026-03-09',
  '2026-03-10',
  '2026-03-11',
  '2026-03-12',
  '2026-03-13',
  '2026-03-14',
  '2026-03-15',
];

/** A learner mid-way: the shape of GET /api/{lang}/user/dashboard (typed by @buergerfit/contract). */
export const fixture: Dashboard = {
  generatedAt: '2026-03-11T11:00:00.000Z',
  streak: { current: 4, activeToday: true, lastActiveDate: '2026-03-11', today: '2026-03-11' },
  progress: {
    total: 310,
    seen: 120,
    mastered: 75,
    unseen: 190,
    topics: [
      { id: 'politics', name: 'Politics in a democracy', total: 188, seen: 80, mastered: 50 },
      { id: 'history', name: 'History and responsibility', total: 89, seen: 30, mastered: 20 },
      { id: 'society', name: 'People and society', total: 23, seen: 6, mastered: 3 },
      { id: 'state', name: 'Berlin', total: 10, seen: 4, mastered: 2 },
    ],
    state: { code: 'BE', name: 'Berlin' },
  },
  statistics: {
    answered: 345,
    correct: 281,
    incorrect: 64,
    accuracy: 0.814,
    distribution: { correct: 98, incorrect: 22, unanswered: 190 },
    weekly: {
      weekStart: '2026-03-09',
      days: days.map((date, i) => ({
        date,
        weekday: i + 1,
        answered: i === 2 ? 17 : i,
        correct: i === 2 ? 13 : 0,
      })),
    },
    mostMissed: [{ id: 'foederalismus', name: 'Federalism', incorrect: 9, answered: 20, accuracy: 0.55 }],
    exams: {
      taken: 3,
      passed: 2,
      averageScore: 0.616,
      averageCorrect: 20.33,
      lastTakenAt: '2026-03-10T09:00:00.000Z',
      // Newest first, as the API lists them.
      recent: [
        { id: 'a3', finishedAt: '2026-03-10T09:00:00.000Z', correct: 25, total: 33, passed: true },
        { id: 'a2', finishedAt: '2026-03-06T09:00:00.000Z', correct: 15, total: 33, passed: false },
        { id: 'a1', finishedAt: '2026-03-02T09:00:00.000Z', correct: 21, total: 33, passed: true },
      ],
    },
  },
  readiness: {
    questions: 33,
    passMark: 17,
    expected: 24.3,
    low: 21,
    high: 27,
    passChance: 0.987,
    basis: { mastered: 75, practised: 45, unseen: 190 },
    mocks: { count: 3, averageCorrect: 20.33 },
    confidence: 'medium',
    evidence: { answers: 444, questions: 150, mocks: 3 },
    lastMock: { correct: 25, total: 33, finishedAt: '2026-03-10T09:00:00.000Z' },
  },
  plan: {
    examDate: '2026-03-21',
    daysLeft: 10,
    newPerDay: 19,
    newSeenToday: 2,
    dueToday: 6,
    answeredToday: 17,
    unseen: 190,
  },
  recommendations: [
    {
      id: 'topic:foederalismus',
      category: 'topic',
      kind: 'weakTopic',
      params: { topic: 'Federalism', topicId: 'foederalismus', accuracy: 0.55 },
    },
    { id: 'test:weekly', category: 'test', kind: 'mockTest', params: {} },
  ],
  achievements: [
    {
      code: 'FIRST_TEST',
      earned: true,
      earnedAt: '2026-03-02T09:00:00.000Z',
      progress: { current: 1, target: 1 },
    },
    { code: 'STREAK_7', earned: false, earnedAt: null, progress: { current: 4, target: 7 } },
    { code: 'SCORE_80', earned: false, earnedAt: null, progress: { current: 25, target: 27 } },
    { code: 'MASTER_100', earned: false, earnedAt: null, progress: { current: 75, target: 100 } },
    { code: 'BOOKMARK_10', earned: false, earnedAt: null, progress: { current: 3, target: 10 } },
  ],
  bookmarks: { count: 3 },
  modes: [
    { id: 'learn', comingSoon: false, count: null },
    { id: 'challenge', comingSoon: false, count: null },
    { id: 'mock', comingSoon: false, count: null },
    { id: 'focus', comingSoon: false, count: 6 },
    { id: 'state', comingSoon: false, count: null },
    { id: 'settings', comingSoon: false, count: null },
    { id: 'resources', comingSoon: false, count: null },
    { id: 'community', comingSoon: true, count: null },
  ],
};
