import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * shell/public/after-paint.js, the page's starter (contract `START_ATTRIBUTE`, `FETCH_ATTRIBUTE`): when it adds the
 * shell's scripts (which hydrate the page), in a document as the BFF makes it.
 */
const SOURCE = fs.readFileSync(path.join(__dirname, '..', 'public', 'after-paint.js'), 'utf8');
const SCRIPTS = ['/static/js/lib-router.1.js', '/static/js/o.2.js', '/static/js/index.3.js'];

type Replaying = Document & { $$reactFormReplay?: unknown[] };

/** Runs the starter as the page's inline script with these data attributes. */
function runStarter(data: Record<string, string>) {
  const own = document.createElement('script');
  own.dataset.scripts = SCRIPTS.join(' ');
  for (const [key, value] of Object.entries(data)) own.dataset[key] = value;
  document.body.append(own);
  Object.defineProperty(document, 'currentScript', { value: own, configurable: true });
  try {
    new Function(SOURCE)();
  } finally {
    Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
  }
}

const added = () =>
  [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.getAttribute('src'));
const preloaded = () =>
  // (jsdom does not reflect `as`, which the starter sets as a property.)
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => l.getAttribute('href'));
/** The frame callback, then the task after it: the next paint has happened. */
const paint = () => vi.runAllTimers();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
});
afterEach(() => {
  vi.useRealTimers();
  delete (document as Replaying).$$reactFormReplay;
  document.head.replaceChildren();
  document.body.replaceChildren();
});

describe('after-paint.js', () => {
  it('a signed-in page: the scripts are added after the first paint, in order, run in document order', () => {
    runStarter({});
    expect(added()).toEqual([]);
    paint();
    expect(added()).toEqual(SCRIPTS);
    expect([...document.querySelectorAll<HTMLScriptElement>('script[src]')].every((s) => !s.async)).toBe(
      true,
    );
  });

  it('a public page: nothing before the first intent; a touch starts the scripts after the paint that follows it', () => {
    runStarter({ hydrate: 'intent' });
    paint();
    expect(added()).toEqual([]);
    expect(preloaded()).toEqual([]);
    window.dispatchEvent(new Event('touchstart'));
    expect(added()).toEqual([]);
    paint();
    expect(added()).toEqual(SCRIPTS);
    // Once: a later intent adds nothing more.
    window.dispatchEvent(new Event('pointerdown'));
    paint();
    expect(added()).toEqual(SCRIPTS);
  });

  it('the demo (fetch early): the files are preloaded after the first paint and run only on the intent', () => {
    runStarter({ hydrate: 'intent', fetch: 'paint' });
    paint();
    expect(preloaded()).toEqual(SCRIPTS);
    expect(added()).toEqual([]);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    paint();
    expect(added()).toEqual(SCRIPTS);
  });

  it('a submit React held before the starter ran (a tap while the page was arriving) is an intent already seen', () => {
    const form = document.createElement('form');
    (document as Replaying).$$reactFormReplay = [form, null, new FormData(form)];
    runStarter({ hydrate: 'intent' });
    paint();
    expect(added()).toEqual(SCRIPTS);
  });
});
