import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from '../src/layout/ScrollToTop';

afterEach(() => {
  vi.restoreAllMocks();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
  document.body.replaceChildren();
});

const at = (pathname: string, hash = '') => (
  <StrictMode>
    <ScrollToTop pathname={pathname} hash={hash} />
  </StrictMode>
);

describe('scroll on route changes', () => {
  it('leaves the page where the learner scrolled when the app starts on it, and goes to the top on a route change', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const view = render(at('/'));
    expect(scrollTo).not.toHaveBeenCalled();
    view.rerender(at('/demo'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    // Back to where the app started: a route change like any other.
    view.rerender(at('/'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it("does not scroll again to a hash the browser found in the server's page, but does to one rendered later", () => {
    const faq = document.createElement('section');
    faq.id = 'faq';
    document.body.append(faq);
    const scrolled: string[] = [];
    // jsdom has no layout, nor scrollIntoView.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    const view = render(at('/', '#faq'));
    expect(scrolled).toEqual([]);
    const prices = document.createElement('section');
    prices.id = 'pricing';
    document.body.append(prices);
    view.rerender(at('/', '#pricing'));
    expect(scrolled).toEqual(['pricing']);
  });
});
