import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AnswerCheckedOn,
  answersArePictureLabels,
  ExplanationText,
  InLanguage,
  type QuestionText,
  ReportProblem,
} from '../src/question';

afterEach(cleanup);

const NAMES: Record<string, string> = { 'language.de': 'Njemački', 'language.hr': 'Hrvatski' };
/** The remote's `question` texts, as a Croatian learner reads them. */
const text = (key: QuestionText, values: Record<string, string> = {}) =>
  key === 'source'
    ? 'Izvor'
    : key === 'answerCheckedOn'
      ? `Odgovor posljednji put provjeren ${values.date}`
      : (NAMES[key] ?? key);

describe('a question’s texts', () => {
  it('tags a text with its language: the code to see, the language’s name for screen readers', () => {
    render(
      <InLanguage lang="de" text={text}>
        <p lang="de">Wer wählt den Bundeskanzler?</p>
      </InLanguage>,
    );
    const german = screen.getByText('Wer wählt den Bundeskanzler?');
    const tag = german.previousElementSibling as HTMLElement;
    expect(within(tag).getByText('DE').getAttribute('aria-hidden')).toBe('true');
    expect(tag.getAttribute('title')).toBe('Njemački');
    expect(german.parentElement?.className).toMatch(/inLanguage/);
  });

  it('shows the explanation in its language with its source and the day the answer was last checked', () => {
    render(
      <ExplanationText
        explanation={{ lang: 'hr', text: 'Točan je odgovor „Friedrich Merz“.', source: 'Temeljni zakon' }}
        checkedOn="2026-11-24"
        text={text}
        language="hr"
      />,
    );
    const explanation = screen.getByText('Točan je odgovor „Friedrich Merz“.');
    expect(explanation.getAttribute('lang')).toBe('hr');
    expect((explanation.previousElementSibling as HTMLElement).getAttribute('title')).toBe('Hrvatski');
    const source = screen.getByText('Temeljni zakon');
    expect(source.tagName).toBe('CITE');
    expect(source.getAttribute('lang')).toBe('hr');
    expect(source.parentElement?.textContent).toBe('Izvor: Temeljni zakon');
    expect(screen.getByText('Odgovor posljednji put provjeren 24. studenoga 2026.')).toBeTruthy();
  });

  it('writes the checked-on day in the interface language, and nothing without a day', () => {
    const { rerender, container } = render(<AnswerCheckedOn day="2026-11-24" text={text} language="en" />);
    expect(container.textContent).toBe('Odgovor posljednji put provjeren November 24, 2026');
    rerender(<AnswerCheckedOn day={null} text={text} language="en" />);
    expect(container.textContent).toBe('');
  });
});

describe('ReportProblem', () => {
  const report = (key: string) => (key === 'open' ? 'Report a problem' : key === 'title' ? 'Report' : key);

  it('offers the translation only outside German and the picture only where there is one', async () => {
    const user = userEvent.setup();
    const kinds = async (language: string, picture: boolean) => {
      const view = render(
        <ReportProblem language={language} picture={picture} text={report} send={vi.fn()} />,
      );
      await user.click(screen.getByRole('button', { name: 'Report a problem' }));
      const values = within(screen.getByRole('dialog'))
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value'));
      view.unmount();
      return values;
    };
    expect(await kinds('en', true)).toEqual(['translation', 'explanation', 'answer', 'picture', 'other']);
    expect(await kinds('de', false)).toEqual(['explanation', 'answer', 'other']);
  });

  it('makes a lazy dialog only once its button is used, and sends what the learner wrote', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => ({}));
    const { container } = render(
      <ReportProblem lazy className="link" language="en" picture={false} text={report} send={send} />,
    );
    expect(container.querySelector('dialog')).toBeNull();
    const button = screen.getByRole('button', { name: 'Report a problem' });
    expect(button.className).toBe('link');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    await user.click(button);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'kinds.answer' }));
    await user.type(within(dialog).getByRole('textbox'), 'Falsch');
    await user.click(within(dialog).getByRole('button', { name: 'send' }));
    expect(send).toHaveBeenCalledWith({ kind: 'answer', text: 'Falsch' });
  });
});

describe('answersArePictureLabels', () => {
  const ballot = '/catalog-images/q130.png';
  it('holds for the numbers 1 to 4 in order under a picture (the ballots of question 130, a map)', () => {
    expect(answersArePictureLabels({ image: ballot, answers: ['1', '2', '3', '4'] })).toBe(true);
  });
  it('does not hold without a picture, for other numbers, out of order or for words', () => {
    expect(answersArePictureLabels({ image: null, answers: ['1', '2', '3', '4'] })).toBe(false);
    expect(answersArePictureLabels({ image: ballot, answers: ['14', '15', '16', '17'] })).toBe(false);
    expect(answersArePictureLabels({ image: ballot, answers: ['2', '1', '3', '4'] })).toBe(false);
    expect(
      answersArePictureLabels({ image: ballot, answers: ['Bild 1', 'Bild 2', 'Bild 3', 'Bild 4'] }),
    ).toBe(false);
  });
});
