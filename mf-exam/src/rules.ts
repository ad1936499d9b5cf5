/**
 * The official test format (spec §9; the BFF's `exam/rules.ts` applies it): 33 questions — 30 general and 3 of
 * the 10 questions of the learner's state — 17 correct to pass, 60 minutes for a mock test.
 */
export const EXAM_QUESTIONS = 33;
export const EXAM_GENERAL = 30;
export const EXAM_FROM_STATE = 3;
export const EXAM_PASS_MARK = 17;
export const MOCK_MINUTES = 60;
