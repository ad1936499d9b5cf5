import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { digitShortcuts, isTypingTarget, type Shortcuts, useShortcuts } from '../src/shortcuts';

function Keys({ shortcuts, enabled }: { shortcuts: Shortcuts; enabled?: boolean }) {
  useShortcuts(shortcuts, { enabled });
  return null;
}

/** Dispatches a keydown from `target` (added to the page for it); returns whether it was left to the browser. */
function press(target: HTMLElement, init: KeyboardEventInit): boolean {
  document.body.append(target);
  const notPrevented = target.dispatchEvent(
    new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }),
  );
  target.remove();
  return notPrevented;
}

const element = (tag: string, type?: string) => {
  const el = document.createElement(tag);
  if (type && el instanceof HTMLInputElement) el.type = type;
  return el;
};

afterEach(() => {
  cleanup();
  for (const el of document.querySelectorAll('[aria-modal]')) el.remove();
});

describe('useShortcuts', () => {
  it('ignores the shortcuts while typing in a field, and with Ctrl/Alt/Meta held', () => {
    const seen: string[] = [];
    render(
      <Keys
        shortcuts={{
          ...digitShortcuts(4, (i) => {
            seen.push(`choose ${i}`);
          }),
          ArrowRight: () => {
            seen.push('next');
          },
          u: () => {
            seen.push('unsure');
          },
        }}
      />,
    );
    expect(isTypingTarget(element('input'))).toBe(true);
    expect(isTypingTarget(element('textarea'))).toBe(true);
    expect(isTypingTarget(element('select'))).toBe(true);
    expect(isTypingTarget(element('input', 'radio'))).toBe(false);

    expect(press(element('input'), { key: '1' })).toBe(true);
    expect(press(element('textarea'), { key: 'u' })).toBe(true);
    expect(seen).toEqual([]);
    expect(press(element('input', 'radio'), { key: '3' })).toBe(false);
    expect(press(element('div'), { key: 'ArrowRight' })).toBe(false);
    // Single characters are matched lower-cased: U is u.
    press(element('div'), { key: 'U' });
    for (const modifier of ['ctrlKey', 'altKey', 'metaKey'] as const)
      expect(press(element('div'), { key: '1', [modifier]: true })).toBe(true);
    expect(seen).toEqual(['choose 2', 'next', 'unsure']);
  });

  it('leaves keys to an open modal dialog, Space/Enter to a focused control, and unknown keys alone', () => {
    const flip = vi.fn();
    render(<Keys shortcuts={{ ' ': flip, Enter: flip, b: () => false }} />);
    const dialog = element('div');
    dialog.setAttribute('aria-modal', 'true');
    document.body.append(dialog);
    expect(press(element('div'), { key: ' ' })).toBe(true);
    dialog.hidden = true;
    expect(press(element('div'), { key: ' ' })).toBe(false);
    expect(press(element('button'), { key: 'Enter' })).toBe(true);
    expect(flip).toHaveBeenCalledTimes(1);
    // A handler returning false did not use the key: the browser's default is not prevented.
    expect(press(element('div'), { key: 'b' })).toBe(true);
    expect(press(element('div'), { key: 'x' })).toBe(true);
  });

  it('listens only while enabled, and always calls the latest handlers', () => {
    const first = vi.fn();
    const second = vi.fn();
    const view = render(<Keys shortcuts={{ n: first }} />);
    view.rerender(<Keys shortcuts={{ n: second }} />);
    press(element('div'), { key: 'n' });
    view.rerender(<Keys shortcuts={{ n: second }} enabled={false} />);
    press(element('div'), { key: 'n' });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('digitShortcuts: 1…n for the first n choices', () => {
    expect(Object.keys(digitShortcuts(4, () => undefined))).toEqual(['1', '2', '3', '4']);
    expect(Object.keys(digitShortcuts(12, () => undefined))).toHaveLength(9);
  });
});
