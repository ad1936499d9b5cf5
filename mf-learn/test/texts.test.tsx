import deLearn from '@buergerfit/locales/de/learn.json';
import deQuestion from '@buergerfit/locales/de/question.json';
import enLearn from '@buergerfit/locales/en/learn.json';
import hrLearn from '@buergerfit/locales/hr/learn.json';
import hrQuestion from '@buergerfit/locales/hr/question.json';
import { initI18n, useLanguage } from '@buergerfit/platform';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { LearnTexts, TEXTS } from '../src/i18n';

// This file's i18next starts with the shell's namespace only, as the page does: the remote's texts are not there
// until the remote asks for them.

/** Every heading the component rendered: a raw key would be there. */
const seen: string[] = [];

function Texts() {
  const { t } = useTranslation('learn');
  seen.push(t('headings.learn'));
  const { t: tq } = useTranslation('question');
  const { setLanguage } = useLanguage();
  return (
    <div>
      <h1>{t('headings.learn')}</h1>
      <p>{tq('report.open')}</p>
      <button type="button" onClick={() => void setLanguage('de')}>
        de
      </button>
    </div>
  );
}

const loaded = (lng: string) => ({
  learn: i18next.hasResourceBundle(lng, 'learn'),
  question: i18next.hasResourceBundle(lng, 'question'),
});

describe("the remote's texts, one language at a time", () => {
  it('each language chunk holds that language of `learn` and `question`', async () => {
    expect((await TEXTS.de()).learn).toEqual(deLearn);
    expect((await TEXTS.de()).question).toEqual(deQuestion);
    expect((await TEXTS.hr()).learn).toEqual(hrLearn);
    expect((await TEXTS.hr()).question).toEqual(hrQuestion);
    expect((await TEXTS.en()).learn).toEqual(enLearn);
  });

  it('loads only the language in use, and the next one when the learner switches to it', async () => {
    await initI18n({ en: { shell: {} } }, 'en');
    expect(loaded('en')).toEqual({ learn: false, question: false });

    // Suspended until the English chunk is there (the fallback meanwhile): never a raw key on screen.
    await act(async () => {
      render(
        <Suspense fallback={<p>waiting</p>}>
          <LearnTexts>
            <Texts />
          </LearnTexts>
        </Suspense>,
      );
    });
    expect(await screen.findByRole('heading', { name: enLearn.headings.learn })).toBeTruthy();
    expect(seen.every((heading) => heading === enLearn.headings.learn)).toBe(true);
    expect(loaded('en')).toEqual({ learn: true, question: true });
    expect(loaded('de')).toEqual({ learn: false, question: false });
    expect(loaded('hr')).toEqual({ learn: false, question: false });

    await act(async () => screen.getByRole('button', { name: 'de' }).click());
    expect(await screen.findByRole('heading', { name: deLearn.headings.learn })).toBeTruthy();
    expect(screen.getByText(deQuestion.report.open)).toBeTruthy();
    expect(seen).not.toContain('headings.learn');
    expect(loaded('de')).toEqual({ learn: true, question: true });
    expect(loaded('hr')).toEqual({ learn: false, question: false });
  });
});
