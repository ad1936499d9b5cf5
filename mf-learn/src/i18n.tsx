import { type Language, registerLazyNamespace, useNamespace } from '@buergerfit/platform';
import type { ReactNode } from 'react';

/**
 * This remote's texts, one chunk per language (`./texts/<lang>.ts`: the `learn` namespace and the shared `question`
 * one): a page load downloads and parses only the learner's language, and a switch of language loads the next one
 * before the page changes to it (the shell's `changeLanguage`). The three languages in one chunk were the largest
 * single script the learn page evaluated after its first paint. The build lists these chunks among the exposed
 * module's files (`mf-manifest.json`), so the service worker stores all three with the remote: switching language
 * works offline as before.
 */
export const LEARN = 'learn';
export const QUESTION = 'question';

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
registerLazyNamespace(LEARN, pick('learn'));
// mf_exam registers the same bundles under `question`; whichever is there first is used (i18next merges).
registerLazyNamespace(QUESTION, pick('question'));

/**
 * Renders `children` once this remote's texts are there in the language in use, suspending until then (the shell
 * loads them before the remote's first render; this covers a shell that does not, and the standalone harness).
 * One namespace per component: `useNamespace` suspends with `use()` only while its bundle is missing, and a component
 * whose second `use()` suspended after its first had not would call `use()` a different number of times when React
 * replays it (React rejects that and renders the whole root again, synchronously).
 */
export function LearnTexts({ children }: { children: ReactNode }) {
  useNamespace(LEARN);
  return <QuestionTexts>{children}</QuestionTexts>;
}

function QuestionTexts({ children }: { children: ReactNode }) {
  useNamespace(QUESTION);
  return children;
}
