import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Celebration } from '../src/celebration';

// No vitest globals here, so Testing Library's automatic cleanup is not registered.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(Element.prototype, 'animate');
});

/** The learner's motion setting, as the browser reports it. */
function motion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
}

/** The Web Animations API (jsdom has none): every animation is kept, and ends when `land` is called. */
function animations() {
  const started: { el: Element; keyframes: Keyframe[] }[] = [];
  let land = () => {};
  const landed = new Promise<void>((resolve) => {
    land = resolve;
  });
  Object.defineProperty(Element.prototype, 'animate', {
    configurable: true,
    value(this: Element, keyframes: Keyframe[]) {
      started.push({ el: this, keyframes });
      return { finished: landed.then(() => this), cancel() {} };
    },
  });
  return { started, land: () => land() };
}

const card = (props: Partial<Parameters<typeof Celebration>[0]> = {}) => (
  <>
    <Celebration
      icon="trophy"
      title="Your first pass!"
      next={{
        label: 'Next:',
        text: '3 more right answers for 80%.',
        action: <a href="/exam">Take a mock test</a>,
      }}
      also={[{ icon: 'medal', label: 'Badge: First test' }]}
      announcement="Your first pass! 24 of 33 right."
      dismissLabel="Close"
      onDismiss={() => {}}
      {...props}
    >
      24 of 33 right.
    </Celebration>
    <a href="/after">After the card</a>
  </>
);

describe('Celebration', () => {
  it('on the server: the card with its words, an empty live region and no burst', () => {
    const html = renderToString(card());
    expect(html).toContain('Your first pass!');
    expect(html).toContain('24 of 33 right.');
    expect(html).toMatch(/<p role="status"[^>]*><\/p>/);
    expect(html).not.toContain('celebration-burst');
  });

  it('in the page: says its words once, bursts from its picture, and the burst removes itself', async () => {
    motion(false);
    const { started, land } = animations();
    const shown = vi.fn();
    render(card({ onShown: shown }));
    const region = within(screen.getByTestId('celebration')).getByRole('status');
    expect(region.textContent).toBe('Your first pass! 24 of 33 right.');
    expect(shown).toHaveBeenCalledTimes(1);
    const burst = screen.getByTestId('celebration-burst');
    expect(burst.getAttribute('aria-hidden')).toBe('true');
    expect(burst.parentElement).toBe(document.body);
    expect(burst.children).toHaveLength(32);
    // 32 pieces and the picture's pop.
    expect(started).toHaveLength(33);
    expect(started.every(({ keyframes }) => keyframes.length === 3)).toBe(true);
    await act(async () => land());
    expect(screen.queryByTestId('celebration-burst')).toBeNull();
    expect(region.textContent).toBe('Your first pass! 24 of 33 right.');
    expect(document.activeElement).toBe(document.body);
  });

  it('with reduced motion: the same words, nothing moves', () => {
    motion(true);
    const { started } = animations();
    render(card());
    expect(screen.getByRole('heading', { level: 2, name: 'Your first pass!' })).toBeTruthy();
    expect(within(screen.getByTestId('celebration')).getByRole('status').textContent).toBe(
      'Your first pass! 24 of 33 right.',
    );
    expect(screen.queryByTestId('celebration-burst')).toBeNull();
    expect(started).toHaveLength(0);
  });

  it('without a burst asked for: none', () => {
    motion(false);
    const { started } = animations();
    render(card({ burst: false }));
    expect(screen.queryByTestId('celebration-burst')).toBeNull();
    expect(started).toHaveLength(0);
  });

  it('closes with its button, the focus going on to what follows it', async () => {
    motion(true);
    const dismissed = vi.fn();
    render(card({ onDismiss: dismissed }));
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    await userEvent.click(close);
    expect(dismissed).toHaveBeenCalledTimes(1);
    expect(document.activeElement?.textContent).toBe('After the card');
  });
});
