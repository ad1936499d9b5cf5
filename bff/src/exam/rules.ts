/** The official test format (spec §9): 33 questions, 30 general + 3 of the state's 10, 17 correct to pass, 60 minutes. */
export const EXAM = {
  questions: 33,
  general: 30,
  fromState: 3,
  passMark: 17,
  mockMinutes: 60,
} as const;

export type ExamKind = 'demo' | 'mock';

export const passed = (correct: number) => correct >= EXAM.passMark;

/** Fisher–Yates with crypto-grade randomness: learners cannot predict the draw. */
export function sample<T>(items: readonly T[], n: number, random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, n);
}
