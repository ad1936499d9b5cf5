import type { Explanation, ReportKind } from '@buergerfit/contract';
// The shared components are the shell's (the `@buergerfit/ui` singleton); this file is bundled into each remote that
// shows questions (the `@buergerfit/ui/question` entry).
import { Icon, LanguageTag } from '@buergerfit/ui';
import { type ReactNode, useState } from 'react';
import q from './question.module.css';
import { ReportDialog, type ReportText } from './ReportDialog';

/** The texts of a question's pieces, by key (the shared `question` translations). */
export type QuestionText = `language.${string}` | 'source' | 'answerCheckedOn';

/** What a question's pieces take from the remote: its texts and the interface language. */
export interface QuestionTexts {
  /** A text in the learner's language; `language.<code>` is a language's name, `answerCheckedOn` gets `date`. */
  text: (key: QuestionText, values?: Record<string, string>) => string;
  /** The interface language (`en`), in which a day is written. */
  language: string;
}

/** A text with the tag of its language before it ("DE", "HR"; the language's name for screen readers). */
export function InLanguage({
  lang,
  text,
  children,
}: {
  lang: string;
  text: QuestionTexts['text'];
  children: ReactNode;
}) {
  return (
    <div className={q.inLanguage}>
      <LanguageTag code={lang} name={text(`language.${lang}`)} />
      {children}
    </div>
  );
}

/**
 * Whether a question's answers are only the numbers of the labels in its picture ("1" to "4": which ballot, which
 * place on the map). Such an answer is shown once, as its number (not "1" beside a key "1"), and the answers keep
 * their order, the picture's.
 */
export function answersArePictureLabels(question: {
  image: string | null;
  answers: readonly string[];
}): boolean {
  return (
    question.image !== null &&
    question.answers.length > 0 &&
    question.answers.every((answer, i) => answer.trim() === String(i + 1))
  );
}

/** A calendar day (`2026-11-24`) in the interface language: "November 24, 2026", "24. studenoga 2026." */
function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** For a question whose answer changes with an election or an appointment: when it was last checked. */
export function AnswerCheckedOn({ day, text, language }: QuestionTexts & { day: string | null }) {
  if (!day) return null;
  return (
    <p className={q.checkedOn}>
      <Icon name="calendar" size={16} />
      <span>{text('answerCheckedOn', { date: formatDay(day, language) })}</span>
    </p>
  );
}

/** The explanation in its language, its source (in the same language) and, where it applies, the checked-on day. */
export function ExplanationText({
  explanation: e,
  checkedOn,
  text,
  language,
}: QuestionTexts & { explanation: Explanation; checkedOn: string | null }) {
  return (
    <>
      <InLanguage lang={e.lang} text={text}>
        <p lang={e.lang}>{e.text}</p>
      </InLanguage>
      {e.source && (
        <p className={q.source}>
          {text('source')}: <cite lang={e.lang}>{e.source}</cite>
        </p>
      )}
      <AnswerCheckedOn day={checkedOn} text={text} language={language} />
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

export interface ReportProblemProps {
  /** The interface language: the translation is offered only where the learner sees one (not in German). */
  language: string;
  /** The question has a picture: only then is the picture offered. */
  picture: boolean;
  /** The remote's `report.*` texts: the dialog's (see `ReportDialog`) and `open`, the button's. */
  text: (key: ReportText | 'open', values?: Record<string, number>) => string;
  /** Sends the report (see `ReportDialog`). */
  send: (report: { kind: ReportKind; text: string }) => Promise<unknown>;
  /** The button's look: the remote's class. */
  className?: string;
  /**
   * The dialog is only made once the button is used (then kept, so focus returns to the button when it closes):
   * for a list of many questions.
   */
  lazy?: boolean;
}

/**
 * "Report a problem" with a question: a button opening the `ReportDialog`. Offers the translation only where the
 * learner sees one (not in German) and the picture only where there is one.
 */
export function ReportProblem({
  language,
  picture,
  text,
  send,
  className,
  lazy = false,
}: ReportProblemProps) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const kinds = REPORT_KINDS.filter(
    (k) => (k !== 'translation' || language !== 'de') && (k !== 'picture' || picture),
  );
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Icon name="flag" size={18} />
        {text('open')}
      </button>
      {(used || !lazy) && (
        <ReportDialog
          open={open}
          onClose={() => setOpen(false)}
          kinds={kinds}
          max={REPORT_TEXT_MAX}
          text={text}
          send={send}
        />
      )}
    </>
  );
}
