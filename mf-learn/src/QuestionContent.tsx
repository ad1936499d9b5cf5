import type { Explanation, Question } from '@buergerfit/contract';
import { api, useLanguage } from '@buergerfit/platform';
import {
  QuestionPicture,
  AnswerCheckedOn as UiAnswerCheckedOn,
  ExplanationText as UiExplanationText,
  InLanguage as UiInLanguage,
  ReportProblem as UiReportProblem,
} from '@buergerfit/ui/question';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayNumber } from './questionNumbers';
import styles from './styles';

export { answersArePictureLabels } from '@buergerfit/ui/question';

/** What ui's question pieces take from this remote: the shared `question` texts and the interface language. */
function useQuestionTexts() {
  const { t } = useTranslation('question');
  const { language } = useLanguage();
  return { text: t, language };
}

/** A text with the tag of its language before it (ui's `InLanguage`). */
export function InLanguage(props: { lang: string; children: ReactNode }) {
  const { text } = useQuestionTexts();
  return <UiInLanguage {...props} text={text} />;
}

/** For a question whose answer changes with an election or an appointment: when it was last checked. */
export function AnswerCheckedOn({ day }: { day: string | null }) {
  return <UiAnswerCheckedOn day={day} {...useQuestionTexts()} />;
}

/**
 * The question's picture, if it has one: it enlarges on a tap, its description is folded under it, and its box is
 * laid out before it loads (ui's `QuestionPicture`). Compact on a flashcard's back.
 */
export function QuestionImage({ question: q, compact }: { question: Question; compact?: boolean }) {
  const { t } = useTranslation('question');
  if (!q.image) return null;
  const number = displayNumber(q);
  return (
    <QuestionPicture
      src={q.image}
      size={q.imageSize}
      description={q.imageDescription}
      compact={compact}
      text={(key) => t(`picture.${key}`, { number })}
    />
  );
}

/** The explanation with its source and, where it applies, the day its answer was last checked. */
export function ExplanationText(props: { explanation: Explanation; checkedOn: string | null }) {
  return <UiExplanationText {...props} {...useQuestionTexts()} />;
}

/** "Report a problem" with this question: a tool button opening the dialog. */
export function ReportProblem({
  question: q,
}: {
  question: Pick<Question, 'id' | 'number' | 'official' | 'state' | 'image'>;
}) {
  const { text, language } = useQuestionTexts();
  return (
    <UiReportProblem
      className={styles.toolButton}
      language={language}
      picture={q.image !== null}
      text={(key, values) => text(`report.${key}`, { number: displayNumber(q), ...values })}
      send={(report) => api.post(api.lang(`/questions/${q.id}/reports`), report)}
    />
  );
}
