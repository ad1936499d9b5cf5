import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOnline } from '../src/data';
import { useShuffle } from '../src/Practice';
import { serverMarkup } from './util';

/** What a page shows of the two settings the server cannot see: this browser's shuffle choice and its network. */
function Settings() {
  const [shuffle] = useShuffle();
  const online = useOnline();
  return (
    <p data-testid="settings">{`shuffle ${shuffle ? 'on' : 'off'}, ${online ? 'online' : 'offline'}`}</p>
  );
}

afterEach(() => localStorage.clear());

describe("learn's settings kept by the browser", () => {
  it('hydrate as the server made the page (shuffle off, online), and show the browser’s right after', async () => {
    localStorage.setItem('buergerfit.learn.shuffle', '1');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { hydrate, errors } = await serverMarkup(<Settings />);
    expect(screen.getByTestId('settings').textContent).toBe('shuffle off, online');
    await hydrate();
    // No mismatch: React kept the server's markup (and with it anything the learner did on it before).
    expect(errors).toEqual([]);
    expect(screen.getByTestId('settings').textContent).toBe('shuffle on, offline');
  });

  it('follow the browser afterwards: the network going and coming back', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { hydrate } = await serverMarkup(<Settings />);
    await hydrate();
    expect(screen.getByTestId('settings').textContent).toBe('shuffle off, online');
    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByTestId('settings').textContent).toBe('shuffle off, offline');
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByTestId('settings').textContent).toBe('shuffle off, online');
  });
});
