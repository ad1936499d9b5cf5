import type {
  DashboardMode,
  DashboardModeId,
  DashboardProgress,
  Recommendation,
  RecommendationKind,
} from '@buergerfit/contract';

/**
 * Every screen the dashboard links to, in one place. The dashboard data carries ids and kinds only (the server
 * knows no screen); this module turns them into the product's routes.
 */
export const routes = {
  learn: '/learn',
  /** Learn mode filtered to one topic or subtopic of the catalog. */
  topic: (topicId: string) => `/learn?topic=${encodeURIComponent(topicId)}`,
  focus: '/learn/focus',
  challenge: '/learn/challenge',
  statePractice: '/learn/state',
  bookmarks: '/learn/bookmarks',
  exam: '/exam',
  demo: '/demo',
  examResult: (attemptId: string) => `/exam/result/${encodeURIComponent(attemptId)}`,
  examHistory: '/exam/history',
  settings: '/profile-settings',
  resources: '/knowledge/einburgerungstest',
} as const;

/** What a target may depend on besides the id: whether the learner has chosen a state yet. */
export type Learner = Pick<DashboardProgress, 'state'>;

/** State practice needs a state: without one, the learner chooses it in the settings first. */
const statePractice = (learner: Learner) => (learner.state.code ? routes.statePractice : routes.settings);

/** Where each recommendation's action leads (a `Record`: a new kind in the contract is a type error here). */
export const RECOMMENDATION_TARGETS: Record<
  RecommendationKind,
  (rec: Recommendation, learner: Learner) => string
> = {
  weakTopic: (rec) => (rec.params.topicId ? routes.topic(rec.params.topicId) : routes.learn),
  mockTest: () => routes.exam,
  chooseState: () => routes.settings,
  statePractice: (_rec, learner) => statePractice(learner),
  reviewDue: () => routes.focus,
  setExamDate: () => routes.settings,
  startLearning: () => routes.learn,
  dailyHabit: () => routes.learn,
};

/** Where each tile of the mode grid leads; null: nowhere yet (a mode that is coming soon). */
export const MODE_TARGETS: Record<DashboardModeId, ((learner: Learner) => string) | null> = {
  learn: () => routes.learn,
  challenge: () => routes.challenge,
  mock: () => routes.exam,
  focus: () => routes.focus,
  state: statePractice,
  settings: () => routes.settings,
  resources: () => routes.resources,
  community: null,
};

export const recommendationTarget = (rec: Recommendation, learner: Learner): string =>
  RECOMMENDATION_TARGETS[rec.kind](rec, learner);

/** The tile's link, or null when it leads nowhere (coming soon). */
export const modeTarget = (mode: DashboardMode, learner: Learner): string | null =>
  mode.comingSoon ? null : (MODE_TARGETS[mode.id]?.(learner) ?? null);
