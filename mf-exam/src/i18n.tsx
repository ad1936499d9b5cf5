import { type Language, registerLazyNamespace, useNamespace } from '@buergerfit/platform';
import type { ReactNode } from 'react';

/**
 * This remote's texts, one chunk per language (`./texts/<lang>.ts`: the `exam` namespace and the `question` one it
 * shares with mf_learn): a page load downloads and parses only the learner's language, and a language switch loads
 * the next one before the page changes to it. The shell loads them before the remote's first render; the chunks
 * are among the exposed module's files in `mf-manifest.json`, so an offline copy of the remote has all three.
 */
export const EXAM = 'exam';
export const QUESTION = 'question';
/** The words of a celebration (a passed test), shared with mf_dashboard like `question` with mf_learn. */
export const CELEBRATE = 'celebrate';

type Texts = typeof import('./texts/en');
// Named `texts-<lang>`: the BFF preloads the chunk of the page's language beside the remote's own files.
export const TEXTS: Record<Language, () => Promise<Texts>> = {
  de: () => import(/* webpackChunkName: "texts-de" */ './texts/de'),
  en: () => import(/* webpackChunkName: "texts-en" */ './texts/en'),
  hr: () => import(/* webpackChunkName: "texts-hr" */ './texts/hr'),
};

const pick = (key: keyof Texts) => ({
  de: () => TEXTS.de().then((texts) => texts[key]),
  en: () => TEXTS.en().then((texts) => texts[key]),
  hr: () => TEXTS.hr().then((texts) => texts[key]),
});
registerLazyNamespace(EXAM, pick('exam'));
// mf_learn registers the same bundles under `question`; whichever is there first is used (i18next merges).
registerLazyNamespace(QUESTION, pick('question'));
// mf_dashboard registers the same bundles under `celebrate`; whichever is there first is used.
registerLazyNamespace(CELEBRATE, pick('celebrate'));

/**
 * Renders `children` once this remote's texts are there in the language in use, suspending until then (covers a
 * shell that does not load them first, and the standalone harness). One namespace per component: a component whose
 * second `use()` suspended after its first had not would be rejected by React when replayed.
 */
export function ExamTexts({ children }: { children: ReactNode }) {
  useNamespace(EXAM);
  return <QuestionTexts>{children}</QuestionTexts>;
}

function QuestionTexts({ children }: { children: ReactNode }) {
  useNamespace(QUESTION);
  return <CelebrateTexts>{children}</CelebrateTexts>;
}

function CelebrateTexts({ children }: { children: ReactNode }) {
  useNamespace(CELEBRATE);
  return children;
}
