import type { ExamQuestion, Explanation } from '@buergerfit/contract';
import { api, useLanguage } from '@buergerfit/platform';
import {
  type PictureSize,
  QuestionPicture,
  ExplanationText as UiExplanationText,
  InLanguage as UiInLanguage,
  ReportProblem as UiReportProblem,
} from '@buergerfit/ui/question';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

/** A question's picture that enlarges, its description folded under it (ui's `QuestionPicture`). */
export function Picture(props: {
  src: string;
  size?: PictureSize | null;
  description: string | null;
  /** The question's place in the test ("Picture for question 2"). */
  number: number;
  onOpenChange?: (open: boolean) => void;
}) {
  const { t } = useTranslation('question');
  const { number, ...picture } = props;
  return <QuestionPicture {...picture} text={(key) => t(`picture.${key}`, { number })} />;
}

/** The explanation with its source and, for a time-sensitive question, the day its answer was last checked. */
export function ExplanationText(props: { explanation: Explanation; checkedOn: string | null }) {
  return <UiExplanationText {...props} {...useQuestionTexts()} />;
}

/**
 * "Report a problem" with a question of the review: a link-like button. A review lists 33 questions, so a
 * question's dialog is only made once its button is used.
 */
export function ReportProblem({
  question: q,
}: {
  question: Pick<ExamQuestion, 'id' | 'official' | 'image'>;
}) {
  const { text, language } = useQuestionTexts();
  return (
    <UiReportProblem
      lazy
      className={styles.linkButton}
      language={language}
      picture={q.image !== null}
      text={(key, values) => text(`report.${key}`, { number: q.official, ...values })}
      send={(report) => api.post(api.lang(`/questions/${q.id}/reports`), report)}
    />
  );
}
