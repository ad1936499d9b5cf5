/**
 * Answers written by hand the way the BFF sends them today (JSON: instants as ISO strings), not generated from the
 * schemas: a schema that drifts from what the BFF really answers fails against these. Typed with the contract's
 * types and free of zod, they are also the frontends' test fixtures: `@buergerfit/contract/samples` (tests only;
 * the dashboard remote's tests read `dashboard`'s numbers, so a change here is a change there).
 */
import type {
  Celebrations,
  ChallengeScore,
  ContactMessage,
  Dashboard,
  ExamAttempt,
  ExamHistory,
  NewReport,
  Question,
  QuestionProgress,
  User,
  UserExport,
} from '../src';

export const user: User = {
  id: '5b0c6a52-3f1e-4a8e-9d1c-2f7b3c9e8a11',
  name: 'Ana',
  email: 'ana@example.hr',
  nickname: 'Ana',
  avatarUrl: 'https://avatars.githubusercontent.com/u/1?v=4',
  preferredLanguage: 'hr',
  federalState: 'BW',
  onboarded: true,
  notifications: { email: false, push: false, weeklyReport: true },
  examDate: '2026-06-30',
  desiredRetention: 0.9,
  providers: ['github', 'google'],
};

/** What a new account has chosen: nothing yet (the defaults the server starts every account with). */
export const freshAccount = {
  nickname: null,
  avatarUrl: null,
  preferredLanguage: null,
  federalState: null,
  onboarded: false,
  examDate: null,
  desiredRetention: 0.9,
  notifications: { email: false, push: false, weeklyReport: false },
} satisfies Partial<User>;

/** A fresh account straight after its first sign-in. */
export const newUser: User = { ...user, ...freshAccount, name: 'ana-h', email: null };

export const question: Question = {
  id: 'q21',
  number: 21,
  official: '21',
  text: 'Welches Wappen gehört zur Bundesrepublik Deutschland?',
  answers: ['Bild 1', 'Bild 2', 'Bild 3', 'Bild 4'],
  correct: 0,
  topic: 'politics',
  subtopic: 'symbols',
  state: null,
  image: '/catalog-images/021.png',
  imageDescription: 'Four coats of arms: 1 a black eagle on gold, 2 …',
  translation: {
    lang: 'en',
    text: 'Which coat of arms belongs to the Federal Republic of Germany?',
    answers: ['Picture 1', 'Picture 2', 'Picture 3', null],
    sameAsGerman: [false, false, false, true],
  },
  explanation: {
    lang: 'en',
    text: 'The federal eagle on a golden shield is the federal coat of arms.',
    source: 'Bekanntmachung betreffend das Bundeswappen und den Bundesadler, 20 January 1950',
  },
  answerCheckedOn: null,
};

export const stateQuestion: Question = {
  id: 'q301',
  number: 301,
  official: 'BW-1',
  text: 'Welches Wappen gehört zum Bundesland Baden-Württemberg?',
  answers: ['1', '2', '3', '4'],
  correct: 2,
  topic: 'state',
  subtopic: null,
  state: 'BW',
  image: null,
  imageDescription: null,
  translation: null,
  explanation: null,
  answerCheckedOn: null,
};

const { correct: _c, explanation: _e, ...hidden } = question;
const { correct: _c2, explanation: _e2, ...hiddenState } = stateQuestion;

export const examInProgress: ExamAttempt = {
  id: '0f8e3c1a-6b2d-4c7e-9a51-3d2e1f0b9c84',
  kind: 'mock',
  state: 'BW',
  status: 'in_progress',
  createdAt: '2026-03-02T09:00:00.000Z',
  deadline: '2026-03-02T10:00:00.000Z',
  timeLeftSeconds: 2712,
  passMark: 17,
  questions: [
    { position: 1, ...hidden, answer: 0, unsure: false },
    { position: 33, ...hiddenState, answer: null, unsure: true },
  ],
  result: null,
};

export const examFinalizedForLearner: ExamAttempt = {
  ...examInProgress,
  status: 'finalized',
  timeLeftSeconds: null,
  result: {
    correct: 24,
    total: 33,
    passed: true,
    finalizedAt: '2026-03-02T09:41:17.000Z',
    durationSeconds: 2477,
    topics: [
      { id: 'politics', name: 'Politik in der Demokratie', correct: 11, total: 14 },
      { id: 'history', name: 'Geschichte und Verantwortung', correct: 6, total: 8 },
      { id: 'society', name: 'Mensch und Gesellschaft', correct: 5, total: 8 },
      { id: 'state', name: 'Baden-Württemberg', correct: 2, total: 3 },
    ],
    mistakes: 10,
    review: [
      {
        position: 1,
        id: 'q21',
        answer: 0,
        unsure: false,
        correct: 0,
        isCorrect: true,
        explanation: {
          lang: 'en',
          text: 'The federal eagle on a golden shield is the federal coat of arms.',
          source: null,
        },
      },
      {
        position: 33,
        id: 'q301',
        answer: null,
        unsure: true,
        correct: 2,
        isCorrect: false,
        explanation: null,
      },
    ],
  },
};

/** A guest's finished demo: the score only (spec §6). */
export const examFinalizedForGuest: ExamAttempt = {
  ...examInProgress,
  kind: 'demo',
  status: 'finalized',
  deadline: null,
  timeLeftSeconds: null,
  result: {
    correct: 15,
    total: 33,
    passed: false,
    finalizedAt: '2026-03-02T09:12:40.000Z',
    durationSeconds: 760,
    topics: null,
    mistakes: 0,
    review: null,
  },
};

export const examHistory: ExamHistory = [
  {
    id: '0f8e3c1a-6b2d-4c7e-9a51-3d2e1f0b9c84',
    kind: 'mock',
    state: 'BW',
    status: 'finalized',
    createdAt: '2026-03-02T09:00:00.000Z',
    deadline: '2026-03-02T10:00:00.000Z',
    finishedAt: '2026-03-02T09:41:17.000Z',
    durationSeconds: 2477,
    correct: 24,
    total: 33,
    passed: true,
  },
  {
    id: '7d1f2e3c-4b5a-4c6d-8e9f-0a1b2c3d4e5f',
    kind: 'demo',
    state: 'BE',
    status: 'in_progress',
    createdAt: '2026-03-03T18:20:00.000Z',
    deadline: null,
    finishedAt: null,
    durationSeconds: null,
    correct: null,
    total: 33,
    passed: null,
  },
];

export const progress: QuestionProgress = {
  seen: 3,
  correct: 2,
  incorrect: 1,
  streak: 2,
  mastered: false,
  due: '2026-03-05T07:30:00.000Z',
  lastCorrect: true,
  lastAnsweredAt: '2026-03-02T18:04:11.512Z',
};

const days = [
  '2026-03-09',
  '2026-03-10',
  '2026-03-11',
  '2026-03-12',
  '2026-03-13',
  '2026-03-14',
  '2026-03-15',
];

/** A first pass (24 of 33) with the two badges it earned and a 3-day streak: `GET /api/:lang/user/celebrations`. */
export const celebrations: Celebrations = {
  items: [
    {
      kind: 'mockPassed',
      attemptId: '5b0c1d2e-3f4a-4b5c-8d6e-7f8091a2b3c4',
      correct: 24,
      total: 33,
      passMark: 17,
      passes: 1,
      at: '2026-03-02T09:41:17.000Z',
    },
    { kind: 'badge', code: 'FIRST_TEST', at: '2026-03-02T09:41:17.000Z' },
    { kind: 'streak', days: 3, at: '2026-03-02T08:02:00.000Z' },
  ],
  next: { kind: 'score80', more: 3, target: 27, total: 33 },
  until: '2026-03-02T09:41:17.000Z',
};

/** A learner mid-way in Berlin, ten days before the test: `GET /api/:lang/user/dashboard`. */
export const dashboard: Dashboard = {
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
    passRange: { low: 0.962, high: 0.996 },
    firm: true,
    firmUp: { mocks: 0, questions: 0 },
    forExam: true,
    basis: { mastered: 75, practised: 45, unseen: 190 },
    mocks: { count: 3, averageCorrect: 20.33 },
    confidence: 'medium',
    evidence: { answers: 444, questions: 150, mocks: 3 },
    lastMock: { correct: 25, total: 33, finishedAt: '2026-03-10T09:00:00.000Z' },
  },
  plan: {
    examDate: '2026-03-21',
    daysLeft: 10,
    unseen: 190,
    newSeenToday: 2,
    newGoal: 20,
    newRemaining: 18,
    reviewsDue: 6,
    nextReviewAt: '2026-03-12T08:00:00.000Z',
    answeredToday: 17,
  },
  reviews: { due: 6, nextDueAt: '2026-03-12T08:00:00.000Z' },
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

/** A challenge round as the learner's best and in the data export. */
export const challengeScore: ChallengeScore = {
  score: 215,
  correct: 16,
  answered: 20,
  bestStreak: 9,
  durationSeconds: 241,
  createdAt: '2026-03-03T20:00:00.000Z',
};

/** A problem report as the dialog sends it (a request). */
export const newReport: NewReport = {
  kind: 'explanation',
  text: 'Die Erklärung nennt das falsche Jahr.',
};

/** A contact message as the dialog sends it (a request, spec §5). */
export const contactMessage: ContactMessage = {
  name: 'Ana Horvat',
  email: 'ana@example.hr',
  subject: 'feedback',
  message: 'Hvala! Great app.',
};

export const userExport: UserExport = {
  format: 'buergerfit-user-export/1',
  exportedAt: '2026-03-04T16:00:00.000Z',
  profile: {
    ...user,
    username: 'ana-h',
    hasPassword: false,
    createdAt: '2026-02-01T08:00:00.000Z',
    updatedAt: '2026-03-01T12:00:00.000Z',
  },
  identities: [
    {
      provider: 'github',
      subject: '583231',
      username: 'ana-h',
      email: 'ana@example.hr',
      emailVerified: true,
      createdAt: '2026-02-01T08:00:00.000Z',
      lastUsedAt: '2026-03-04T15:00:00.000Z',
    },
  ],
  sessions: [
    {
      method: 'github',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
      createdAt: '2026-03-04T15:00:00.000Z',
      lastUsedAt: '2026-03-04T15:59:00.000Z',
      revokedAt: null,
    },
  ],
  learnAnswers: [
    {
      questionId: 'q21',
      isCorrect: true,
      mode: 'flashcards',
      rating: 'good',
      attemptId: null,
      answeredAt: '2026-03-02T18:04:11.512Z',
    },
    {
      questionId: 'q301',
      isCorrect: false,
      mode: 'mock',
      rating: null,
      attemptId: '0f8e3c1a-6b2d-4c7e-9a51-3d2e1f0b9c84',
      answeredAt: '2026-03-02T09:41:17.000Z',
    },
  ],
  questionProgress: [
    {
      questionId: 'q21',
      seen: 3,
      correct: 2,
      incorrect: 1,
      correctStreak: 2,
      lastCorrect: true,
      lastAnsweredAt: '2026-03-02T18:04:11.512Z',
      firstAnsweredAt: '2026-02-10T18:00:00.000Z',
      firstCorrect: false,
      evidence: { recentCorrect: 1.85, recentIncorrect: 0.81 },
      scheduler: {
        due: '2026-03-05T07:30:00.000Z',
        stability: 3.1262,
        difficulty: 5.31,
        scheduledDays: 3,
        reps: 3,
        lapses: 1,
        state: 2,
        lastReview: '2026-03-02T18:04:11.512Z',
      },
    },
  ],
  bookmarks: [{ questionId: 'q21', createdAt: '2026-02-11T19:00:00.000Z' }],
  challengeScores: [challengeScore],
  achievements: [{ code: 'FIRST_TEST', earnedAt: '2026-02-20T10:00:00.000Z' }],
  dismissedRecommendations: [{ id: 'general:exam-date', dismissedAt: '2026-02-12T09:00:00.000Z' }],
  examAttempts: [
    {
      kind: 'mock',
      state: 'BW',
      questions: 33,
      startedAt: '2026-03-02T09:00:00.000Z',
      finishedAt: '2026-03-02T09:41:17.000Z',
      correct: 24,
      passed: true,
    },
  ],
  examAnswers: [
    {
      attemptStartedAt: '2026-03-02T09:00:00.000Z',
      position: 1,
      questionId: 'q21',
      answer: 0,
      unsure: false,
      answeredAt: '2026-03-02T09:01:30.000Z',
    },
  ],
  contactMessages: [{ ...contactMessage, language: 'hr', sentAt: '2026-02-15T10:00:00.000Z' }],
  contentReports: [
    {
      questionId: 'q72',
      kind: 'translation',
      text: 'U prijevodu nedostaje „sadašnja“.',
      language: 'hr',
      contentVersion: '4f0c2a9d81b7e6c35d1a0f2e9b8c7d6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c',
      sentAt: '2026-02-16T11:00:00.000Z',
    },
  ],
  analyticsEvents: [
    {
      event: 'plan_selected',
      properties: { plan: 'subscription', billing: 'yearly' },
      visitorId: '9c3b1d2e-8f7a-4b6c-9d0e-1f2a3b4c5d6e',
      recordedAt: '2026-02-01T07:59:00.000Z',
    },
  ],
  adminActions: [],
  memoryModel: null,
};
