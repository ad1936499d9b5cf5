import { describe, expect, it } from 'vitest';
import { FULL_ONLY, HELD_OUT, NO_ITEM, TRAIN } from './memory-fit';
import { fitCards, type LoggedReview } from './memory-model';

/** How the log reaches the optimizer: cards, days between reviews, and what each review is used for. */
describe('fitCards', () => {
  const at = (n: number) => Date.UTC(2026, 5, 1, 8, n);
  const review = (n: number, questionId: number, day: number, rating: number): LoggedReview => ({
    questionId,
    day,
    rating,
    at: at(n),
  });

  it('marks first-day reviews as no item, the latest fifth of the spaced reviews as held out', () => {
    const log = [
      review(1, 1, 0, 3),
      review(2, 1, 0, 1), // same day as the first: the card was not seen on a second day yet
      review(3, 2, 0, 3),
      review(4, 1, 1, 3), // spaced (1 day)
      review(5, 2, 2, 1), // spaced (2 days)
      review(6, 2, 2, 3), // same day, but the card has a spaced review: an item
      review(7, 1, 4, 3), // spaced (3 days)
      review(8, 2, 5, 3), // spaced (3 days): the latest of 4 spaced reviews, ceil(4 × 0.2) = 1 held out
      review(9, 2, 5, 1), // after the cut, not spaced: only in the fit on everything
    ];
    // Given out of order: the time decides.
    expect(fitCards([...log].reverse())).toEqual({
      cards: [
        [
          [3, 0, NO_ITEM],
          [1, 0, NO_ITEM],
          [3, 1, TRAIN],
          [3, 3, TRAIN],
        ],
        [
          [3, 0, NO_ITEM],
          [1, 2, TRAIN],
          [3, 0, TRAIN],
          [3, 3, HELD_OUT],
          [1, 0, FULL_ONLY],
        ],
      ],
      spaced: 4,
      heldOut: 1,
    });
  });

  it('holds nothing out and trains on nothing without a spaced review', () => {
    const log = [review(1, 1, 0, 3), review(2, 1, 0, 1), review(3, 2, 0, 3)];
    expect(fitCards(log)).toEqual({
      cards: [
        [
          [3, 0, NO_ITEM],
          [1, 0, NO_ITEM],
        ],
        [[3, 0, NO_ITEM]],
      ],
      spaced: 0,
      heldOut: 0,
    });
  });
});
