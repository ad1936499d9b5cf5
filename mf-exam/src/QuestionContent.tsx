import type { ExamQuestion, Explanation, ReportKind } from '@buergerfit/contract';
import { api, useLanguage } from '@buergerfit/platform';
import { Icon, LanguageTag, ReportDialog } from '@buergerfit/ui';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './styles';

/** A text with the tag of its language before it ("DE", "HR"; the language's name for screen readers). */
export function InLanguage({ lang, children }: { lang: string; children: ReactNode }) {
  const { t } = useTranslation('question');
  return (
    <div className={styles.inLanguage}>
      <LanguageTag code={lang} name={t(`language.${lang}`)} />
      {children}
    </div>
  );
}

/** A calendar day (`2026-11-24`) in the interface language: "November 24, 2026", "24. studenoga 2026." */
function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * The explanation in its language with its source (in the same language) and, for a question whose answer changes
 * with an election or an appointment, the day that answer was last checked.
 */
export function ExplanationText({
  explanation: e,
  checkedOn,
}: {
  explanation: Explanation;
  checkedOn: string | null;
}) {
  const { t } = useTranslation('question');
  const { language } = useLanguage();
  return (
    <>
      <InLanguage lang={e.lang}>
        <p lang={e.lang}>{e.text}</p>
      </InLanguage>
      {e.source && (
        <p className={styles.source}>
          {t('source')}: <cite lang={e.lang}>{e.source}</cite>
        </p>
      )}
      {checkedOn && (
        <p className={styles.checkedOn}>
          <Icon name="calendar" size={16} />
          <span>{t('answerCheckedOn', { date: formatDay(checkedOn, language) })}</span>
        </p>
      )}
    </>
  );
}

/** What can be reported (the contract's `ReportKind`; a browser bundle takes types only from the contract). */
const REPORT_KINDS = [
  'translation',
  'explanation',
  'answer',
  'picture',
  'other',
] as const satisfies readonly ReportKind[];
/** The most a report's text may hold (the contract's `REPORT_TEXT_MAX`). */
const REPORT_TEXT_MAX = 1000;

/**
 * "Report a problem" with a question of the review: a link-like button opening the dialog. Offers the translation
 * only where the learner sees one (not in German) and the picture only where there is one.
 */
export function ReportProblem({
  question: q,
}: {
  question: Pick<ExamQuestion, 'id' | 'official' | 'image'>;
}) {
  const { t } = useTranslation('question');
  const { language } = useLanguage();
  const [open, setOpen] = useState(false);
  // A review lists 33 questions: a question's dialog is only made once its button is used (then kept, so focus
  // returns to the button when it closes).
  const [used, setUsed] = useState(false);
  const kinds = REPORT_KINDS.filter(
    (k) => (k !== 'translation' || language !== 'de') && (k !== 'picture' || q.image !== null),
  );
  return (
    <>
      <button
        type="button"
        className={styles.linkButton}
        aria-haspopup="dialog"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Icon name="flag" size={18} />
        {t('report.open')}
      </button>
      {used && (
        <ReportDialog
          open={open}
          onClose={() => setOpen(false)}
          kinds={kinds}
          max={REPORT_TEXT_MAX}
          text={(key, values) => t(`report.${key}`, { number: q.official, ...values })}
          send={(report) => api.post(api.lang(`/questions/${q.id}/reports`), report)}
        />
      )}
    </>
  );
}
