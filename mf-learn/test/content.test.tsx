import type { NewReport, Question } from '@buergerfit/contract';
import { resources } from '@buergerfit/locales';
import { initI18n } from '@buergerfit/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../src/App';
import { question as baseQuestion, learnRoutes } from './fixtures';
import { fakeApi, json, renderRemote } from './util';

afterEach(async () => {
  await i18next.changeLanguage('en');
});

/** Question 1 as the BFF sends it to a Croatian learner (content/hr/politics/grundrechte.json). */
const HR_Q1: Question = baseQuestion(1, {
  text: 'In Deutschland dürfen Menschen offen etwas gegen die Regierung sagen, weil …',
  answers: [
    'hier Religionsfreiheit gilt.',
    'die Menschen Steuern zahlen.',
    'die Menschen das Wahlrecht haben.',
    'hier Meinungsfreiheit gilt.',
  ],
  correct: 3,
  translation: {
    lang: 'hr',
    text: 'U Njemačkoj ljudi smiju otvoreno govoriti protiv vlade jer …',
    answers: [
      'ovdje vrijedi sloboda vjeroispovijesti.',
      'ljudi plaćaju porez.',
      'ljudi imaju pravo glasa.',
      'ovdje vrijedi sloboda mišljenja.',
    ],
    sameAsGerman: [false, false, false, false],
  },
  explanation: {
    lang: 'hr',
    text: 'Točan je odgovor „ovdje vrijedi sloboda mišljenja“.',
    source: 'Temeljni zakon, čl. 5. st. 1.',
  },
});

/** A time-sensitive question: the day its answer was last checked comes with the explanation. */
const Q72: Question = baseQuestion(72, {
  text: 'Wie heißt der jetzige Bundeskanzler / die jetzige Bundeskanzlerin von Deutschland?',
  answers: ['Gerhard Schröder', 'Angela Merkel', 'Ursula von der Leyen', 'Friedrich Merz'],
  correct: 3,
  explanation: { lang: 'en', text: 'The correct answer is “Friedrich Merz”.', source: null },
  answerCheckedOn: '2026-11-24',
});

const answers = () => screen.getByRole('list', { name: /Answers|Odgovori|Antworten/ });
/** The language tag right before `text`'s element: its visible code and its name for screen readers. */
const tagOf = (el: HTMLElement) => {
  const tag = el.previousElementSibling as HTMLElement;
  return { code: tag.querySelector('[aria-hidden="true"]')?.textContent, name: tag.textContent?.slice(2) };
};

describe('the learner’s language beside the official German', () => {
  it('in Croatian: the German question, the Croatian translation and explanation, each with its language', async () => {
    await initI18n(resources, 'hr');
    await i18next.changeLanguage('hr');
    const { client } = fakeApi({
      ...Object.fromEntries(
        Object.entries(learnRoutes({ questions: [HR_Q1] })).map(([path, answer]) => [
          path.replace('/api/en/', '/api/hr/'),
          answer,
        ]),
      ),
    });
    await renderRemote(App, { path: '/learn', basename: '/learn', client });
    await i18next.changeLanguage('hr');
    const german = await screen.findByRole('heading', { level: 2, name: HR_Q1.text });
    expect(german.getAttribute('lang')).toBe('de');
    expect(tagOf(german)).toEqual({ code: 'DE', name: 'Njemački' });

    // The toggle offers the Croatian translation (no longer "English, no Croatian available").
    expect(screen.queryByText('U Njemačkoj ljudi smiju otvoreno govoriti protiv vlade jer …')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Prikaži prijevod' }));
    const croatian = screen.getByText('U Njemačkoj ljudi smiju otvoreno govoriti protiv vlade jer …');
    expect(croatian.getAttribute('lang')).toBe('hr');
    expect(tagOf(croatian)).toEqual({ code: 'HR', name: 'Hrvatski' });
    expect(within(answers()).getByText('ovdje vrijedi sloboda mišljenja.').getAttribute('lang')).toBe('hr');

    await userEvent.click(within(answers()).getByRole('button', { name: /hier Meinungsfreiheit gilt/ }));
    const explanation = screen.getByText('Točan je odgovor „ovdje vrijedi sloboda mišljenja“.');
    expect(explanation.getAttribute('lang')).toBe('hr');
    expect(tagOf(explanation)).toEqual({ code: 'HR', name: 'Hrvatski' });
    const source = screen.getByText('Temeljni zakon, čl. 5. st. 1.');
    expect(source.parentElement?.textContent).toBe('Izvor: Temeljni zakon, čl. 5. st. 1.');
    expect(source.getAttribute('lang')).toBe('hr');
  }, 15_000);

  it('does not repeat an answer whose translation reads exactly like the German (a name)', async () => {
    const names = ['Gerhard Schröder', 'Angela Merkel', 'Ursula von der Leyen', 'Friedrich Merz'];
    const q: Question = {
      ...Q72,
      translation: {
        lang: 'en',
        text: 'What is the name of the current Federal Chancellor of Germany?',
        answers: [...names.slice(0, 3), 'Friedrich Merz (CDU)'],
        sameAsGerman: [false, false, false, false],
      },
    };
    const { client } = fakeApi(learnRoutes({ questions: [q] }));
    await renderRemote(App, { path: '/learn', basename: '/learn', client });
    await screen.findByRole('heading', { level: 2, name: Q72.text });
    await userEvent.click(screen.getByRole('button', { name: 'Show translation' }));
    expect(within(answers()).getAllByText('Angela Merkel')).toHaveLength(1);
    expect(within(answers()).getByText('Friedrich Merz (CDU)').getAttribute('lang')).toBe('en');
  });

  it('says when the answer of a time-sensitive question was last checked, as dates are written in each language', async () => {
    for (const [lang, line] of [
      ['en', 'Answer last checked on November 24, 2026'],
      ['de', 'Antwort zuletzt geprüft am 24. November 2026'],
      ['hr', 'Odgovor posljednji put provjeren 24. studenoga 2026.'],
    ] as const) {
      await initI18n(resources, 'en');
      await i18next.changeLanguage(lang);
      const { client } = fakeApi({
        ...Object.fromEntries(
          Object.entries(learnRoutes({ questions: [Q72] })).map(([path, answer]) => [
            path.replace('/api/en/', `/api/${lang}/`),
            answer,
          ]),
        ),
      });
      const view = await renderRemote(App, { path: '/learn', basename: '/learn', client });
      await i18next.changeLanguage(lang);
      await screen.findByRole('heading', { level: 2, name: Q72.text });
      expect(screen.queryByText(line)).toBeNull();
      await userEvent.click(within(answers()).getByRole('button', { name: /Friedrich Merz/ }));
      expect(screen.getByText(line)).toBeTruthy();
      view.unmount();
    }
  }, 20_000);

  it('labels the German with DE for a German learner too, and offers no translation', async () => {
    await initI18n(resources, 'en');
    await i18next.changeLanguage('de');
    const de = {
      ...Q72,
      translation: null,
      explanation: { lang: 'de' as const, text: 'Richtig ist „Friedrich Merz“.', source: null },
    };
    const { client } = fakeApi({
      ...Object.fromEntries(
        Object.entries(learnRoutes({ questions: [de] })).map(([path, answer]) => [
          path.replace('/api/en/', '/api/de/'),
          answer,
        ]),
      ),
    });
    await renderRemote(App, { path: '/learn', basename: '/learn', client });
    await i18next.changeLanguage('de');
    expect(tagOf(await screen.findByRole('heading', { level: 2, name: Q72.text }))).toEqual({
      code: 'DE',
      name: 'Deutsch',
    });
    expect(screen.queryByRole('button', { name: /Übersetzung/ })).toBeNull();
    await userEvent.click(within(answers()).getByRole('button', { name: /Angela Merkel/ }));
    expect(tagOf(screen.getByText('Richtig ist „Friedrich Merz“.'))).toEqual({ code: 'DE', name: 'Deutsch' });
    // No source: no "Quelle" line.
    expect(screen.queryByText(/^Quelle:/)).toBeNull();
  });
});

describe('Report a problem', () => {
  it('from a learn question: what is wrong and what the learner noticed, sent with the question id; then thanks', async () => {
    const sent: NewReport[] = [];
    const { client } = fakeApi({
      ...learnRoutes({ questions: [Q72, baseQuestion(2)] }),
      'POST /api/en/questions/q72/reports': (body) => {
        sent.push(body as NewReport);
        return json(201, {
          id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
          receivedAt: new Date().toISOString(),
        });
      },
    });
    await renderRemote(App, { path: '/learn', basename: '/learn', client });
    await screen.findByRole('heading', { level: 2, name: Q72.text });
    await userEvent.click(screen.getByRole('button', { name: 'Report a problem' }));
    const dialog = screen.getByRole('dialog', { name: 'Report a problem' });
    expect(within(dialog).getByText('What is wrong with question 72? We read every report.')).toBeTruthy();
    // No picture in this question: nothing to say about one.
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['translation', 'explanation', 'answer', 'other']);
    // Typing digits in the dialog does not answer the question behind it.
    await userEvent.click(within(dialog).getByRole('radio', { name: 'The correct answer' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'What did you notice?' }),
      'Seit 2025 gilt 4.',
    );
    expect(within(dialog).getByText('17/1000')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Thank you! Your report has been sent. We will check the question.',
    );
    expect(sent).toEqual([{ kind: 'answer', text: 'Seit 2025 gilt 4.' }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to the question' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Correct!')).toBeNull();
    expect(screen.queryByText(/Wrong answer/)).toBeNull();
  }, 15_000);

  it('says so when a learner sent too many reports, and keeps what they wrote', async () => {
    const { client } = fakeApi({
      ...learnRoutes({ questions: [baseQuestion(21, { image: '/catalog-images/021.png' })] }),
      'POST /api/en/questions/q21/reports': () =>
        json(429, { error: { code: 'rate_limited', message: 'Too many reports in a short time.' } }),
    });
    await renderRemote(App, { path: '/learn', basename: '/learn', client });
    await screen.findByRole('heading', { level: 2, name: 'Frage 21?' });
    await userEvent.click(screen.getByRole('button', { name: 'Report a problem' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'The picture' }));
    await userEvent.type(within(dialog).getByRole('textbox'), 'Bild 2 fehlt.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'You have sent several reports in a short time. Please wait a few minutes and try again.',
    );
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Bild 2 fehlt.');
  });

  it('from a flashcard', async () => {
    const sent: unknown[] = [];
    const { client } = fakeApi({
      ...learnRoutes({ questions: [baseQuestion(5)] }),
      'POST /api/en/questions/q5/reports': (body) => {
        sent.push(body);
        return json(201, {
          id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
          receivedAt: new Date().toISOString(),
        });
      },
    });
    await renderRemote(App, { path: '/learn/flashcards', basename: '/learn', client });
    await userEvent.click(await screen.findByRole('button', { name: 'Start session' }));
    await userEvent.click(screen.getByRole('button', { name: 'Report a problem' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'The explanation' }));
    await userEvent.type(within(dialog).getByRole('textbox'), 'Unklar.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('status')).toBeTruthy();
    expect(sent).toEqual([{ kind: 'explanation', text: 'Unklar.' }]);
  });
});
