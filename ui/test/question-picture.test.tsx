import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type PictureText, QuestionPicture } from '../src/question';

afterEach(cleanup);

/** The remote's `picture.*` texts for question 21, as an English learner reads them. */
const TEXTS: Record<PictureText, string> = {
  alt: 'Picture for question 21',
  enlarge: 'Enlarge the picture for question 21',
  enlargeHint: 'Enlarge',
  close: 'Close picture',
  description: 'Picture description',
};
const text = (key: PictureText) => TEXTS[key];

describe('a question’s picture', () => {
  it('has its size before it loads: width and height, and the box in its proportions', () => {
    render(<QuestionPicture src="/catalog-images/be-1.png" size={{ width: 358, height: 640 }} text={text} />);
    const img = screen.getByRole('img', { name: 'Picture for question 21' });
    expect(img.getAttribute('width')).toBe('358');
    expect(img.getAttribute('height')).toBe('640');
    const figure = img.closest('figure') as HTMLElement;
    expect(figure.style.getPropertyValue('--bf-picture-w')).toBe('358');
    expect(figure.style.getPropertyValue('--bf-picture-h')).toBe('640');
    expect(screen.getByRole('button', { name: 'Enlarge the picture for question 21' }).className).toMatch(
      /sized/,
    );
  });

  it('says on the picture what its button does, in words its name contains (label-content-name-mismatch)', () => {
    render(<QuestionPicture src="/catalog-images/q021.png" text={text} />);
    const button = screen.getByRole('button', { name: 'Enlarge the picture for question 21' });
    const visible = button.querySelector('span')?.textContent as string;
    expect(visible).toBe('Enlarge');
    expect(button.getAttribute('aria-label')?.toLowerCase()).toContain(visible.toLowerCase());
  });

  it('without a size (an older server) it still shows, growing when it loads', () => {
    render(<QuestionPicture src="/catalog-images/q021.png" text={text} />);
    const img = screen.getByRole('img', { name: 'Picture for question 21' });
    expect(img.hasAttribute('width')).toBe(false);
    expect(screen.getByRole('button', { name: 'Enlarge the picture for question 21' }).className).not.toMatch(
      /sized/,
    );
  });

  it('enlarges in a dialog with its description, and closes again', async () => {
    const user = userEvent.setup();
    render(
      <QuestionPicture
        src="/catalog-images/q021.png"
        size={{ width: 512, height: 512 }}
        description="Four coats of arms, numbered 1 to 4."
        text={text}
      />,
    );
    // The description folded under the picture, and what the picture's name points at.
    const img = screen.getByRole('img', { name: 'Picture for question 21' });
    const described = document.getElementById(img.getAttribute('aria-describedby') as string);
    expect(described?.textContent).toBe('Four coats of arms, numbered 1 to 4.');
    expect(described?.closest('details')?.querySelector('summary')?.textContent).toBe('Picture description');

    await user.click(screen.getByRole('button', { name: 'Enlarge the picture for question 21' }));
    const dialog = screen.getByRole('dialog', { name: 'Picture for question 21' });
    expect(within(dialog).getByRole('img', { name: 'Picture for question 21' }).getAttribute('src')).toBe(
      '/catalog-images/q021.png',
    );
    expect(within(dialog).getByText('Four coats of arms, numbered 1 to 4.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close picture' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
