import deExam from '@buergerfit/locales/de/exam.json';
import deQuestion from '@buergerfit/locales/de/question.json';
import enExam from '@buergerfit/locales/en/exam.json';
import enQuestion from '@buergerfit/locales/en/question.json';
import hrExam from '@buergerfit/locales/hr/exam.json';
import hrQuestion from '@buergerfit/locales/hr/question.json';
import { initI18n, useLanguage } from '@buergerfit/platform';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ExamTexts, TEXTS } from '../src/i18n';

// This file's i18next starts with the shell's namespace only, as the page does: the exam's texts are not there
// until the remote asks for them.

/** Every start button label the component rendered: a raw key would be there. */
const seen: string[] = [];

function Texts() {
  const { t } = useTranslation('exam');
  seen.push(t('demo.start'));
  const { t: tq } = useTranslation('question');
  const { setLanguage } = useLanguage();
  return (
    <div>
      <button type="button">{t('demo.start')}</button>
      <p>{tq('report.open')}</p>
      <button type="button" onClick={() => void setLanguage('hr')}>
        hr
      </button>
    </div>
  );
}

const loaded = (lng: string) => ({
  exam: i18next.hasResourceBundle(lng, 'exam'),
  question: i18next.hasResourceBundle(lng, 'question'),
});

describe("the exam's texts, one language at a time", () => {
  it('each language chunk holds that language of `exam` and `question`', async () => {
    expect(await TEXTS.de()).toMatchObject({ exam: deExam, question: deQuestion });
    expect(await TEXTS.en()).toMatchObject({ exam: enExam, question: enQuestion });
    expect(await TEXTS.hr()).toMatchObject({ exam: hrExam, question: hrQuestion });
  });

  it('loads only the language in use, and the next one when the learner switches to it', async () => {
    await initI18n({ en: { shell: {} } }, 'en');
    expect(loaded('en')).toEqual({ exam: false, question: false });

    await act(async () => {
      render(
        <Suspense fallback={<p>waiting</p>}>
          <ExamTexts>
            <Texts />
          </ExamTexts>
        </Suspense>,
      );
    });
    expect(await screen.findByRole('button', { name: enExam.demo.start })).toBeTruthy();
    expect(screen.getByText(enQuestion.report.open)).toBeTruthy();
    expect(loaded('en')).toEqual({ exam: true, question: true });
    expect(loaded('de')).toEqual({ exam: false, question: false });
    expect(loaded('hr')).toEqual({ exam: false, question: false });

    await act(async () => screen.getByRole('button', { name: 'hr' }).click());
    expect(await screen.findByRole('button', { name: hrExam.demo.start })).toBeTruthy();
    expect(screen.getByText(hrQuestion.report.open)).toBeTruthy();
    expect(seen).not.toContain('demo.start');
    expect(loaded('hr')).toEqual({ exam: true, question: true });
    expect(loaded('de')).toEqual({ exam: false, question: false });
  });
});
