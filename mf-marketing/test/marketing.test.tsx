import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import App from '../src/App';
import { fakeApi, renderRemote } from './util';

afterEach(async () => {
  if (i18next.isInitialized) await i18next.changeLanguage('en');
});

/** `matchMedia` for jsdom: `(max-width: …)` queries match when `narrow`. */
function stubViewport(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow && query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

/** Every fact appears in the page's text (each named on failure). */
const expectFacts = (text: string, facts: string[]) => {
  for (const fact of facts) expect(text).toContain(fact);
};

describe('mf-marketing', () => {
  it('renders the landing sections with the hero links', async () => {
    const { client } = fakeApi({});
    await renderRemote(App, { path: '/', client });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Pass the German naturalisation test' }),
    ).toBeTruthy();
    for (const id of ['home', 'features', 'pricing', 'faq', 'future', 'cta'])
      expect(document.getElementById(id)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start now' }).getAttribute('href')).toBe('/start');
    expect(screen.getByRole('link', { name: 'Learn more about the test' }).getAttribute('href')).toBe(
      '/knowledge/einburgerungstest',
    );
    expect(screen.getAllByText(/not affiliated with the Federal Office/).length).toBeGreaterThan(0);
  });

  it('feature cards each show their icon in a tinted circle; the hero and previews are drawings', async () => {
    const { client } = fakeApi({});
    await renderRemote(App, { path: '/', client });
    const cards = within(document.getElementById('features') as HTMLElement).getAllByRole('listitem');
    const icons = cards.map((card) => card.querySelector('svg[data-icon]')?.getAttribute('data-icon'));
    expect(icons).toEqual([
      'book',
      'bolt',
      'timer',
      'target',
      'mapPin',
      'bookmark',
      'chart',
      'cards',
      'trophy',
    ]);
    // Each card is named by its title (h3) and says what the feature does.
    expect(
      within(cards[2] as HTMLElement).getByRole('heading', { level: 3, name: 'Mock test' }),
    ).toBeTruthy();
    // The hero's drawing is decoration: hidden from screen readers, drawn in theme colours (no fetched image).
    const hero = document.getElementById('home') as HTMLElement;
    const art = hero.querySelector('svg:not([data-icon])');
    expect(art?.getAttribute('aria-hidden')).toBe('true');
    expect(hero.querySelector('img')).toBeNull();
    expect(art?.innerHTML).toContain('var(--bf-color-');
    // Three previews, each a drawing with its heading and text.
    const tour = document.getElementById('tour') as HTMLElement;
    expect(within(tour).getByRole('heading', { level: 2, name: 'See how it works' })).toBeTruthy();
    const previews = within(tour).getAllByRole('listitem');
    expect(previews.map((p) => within(p).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Learn',
      'Mock test',
      'Dashboard',
    ]);
    for (const preview of previews) expect(preview.querySelector('svg[aria-hidden="true"]')).toBeTruthy();
  });

  it('pricing cards share one layout: name, price, billing, features, buttons, note', async () => {
    const { client } = fakeApi({});
    await renderRemote(App, { path: '/', client });
    const plans = within(document.getElementById('pricing') as HTMLElement).getAllByRole('listitem', {
      name: /Free|Pro/,
    });
    expect(plans.map((plan) => within(plan).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Free',
      'Pro Lifetime',
      'Pro Subscription',
    ]);
    for (const plan of plans) {
      const parts = [...plan.children].map((child) => child.tagName);
      expect(parts).toEqual(['H3', 'P', 'P', 'UL', 'DIV', 'P']);
      expect(within(plan.children[4] as HTMLElement).getAllByRole('button').length).toBeGreaterThan(0);
    }
  });

  it('FAQ: each question is a native disclosure; tapping it opens its answer, tapping again closes it', async () => {
    const { client } = fakeApi({});
    await renderRemote(App, { path: '/', client });
    const faq = document.getElementById('faq') as HTMLElement;
    /** The disclosure of the question `name`: its <summary> (what the learner taps) and its <details>. */
    const question = (name: RegExp) => {
      const summary = within(faq).getByRole('heading', { level: 3, name }).closest('summary') as HTMLElement;
      return { summary, details: summary.parentElement as HTMLDetailsElement };
    };
    const q1 = question(/What is Bürgerfit/);
    const q2 = question(/Is Bürgerfit free/);
    expect([...faq.querySelectorAll('details')].filter((d) => d.open)).toHaveLength(0);
    await userEvent.click(q1.summary);
    expect(q1.details.open).toBe(true);
    await userEvent.click(q2.summary);
    expect(q2.details.open).toBe(true);
    // One answer at a time: the browser closes the others of the same name (Chromium; not jsdom).
    expect([...faq.querySelectorAll('details')].map((d) => d.getAttribute('name'))).toEqual(
      Array(7).fill('faq'),
    );
    await userEvent.click(q2.summary);
    expect(q2.details.open).toBe(false);
  });

  it('renders the legal pages as pages on wide screens', async () => {
    const { client } = fakeApi({});
    await renderRemote(App, { path: '/privacy-policy', client });
    expect(await screen.findByTestId('legal-page')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Privacy policy' })).toBeTruthy();
    expect(screen.getByText('Last updated: October 2025')).toBeTruthy();
  });

  it('FAQ items: a focusable summary named by its question (an h3), the answer a region labelled by it', async () => {
    const { client } = fakeApi({});
    await renderRemote(App, { path: '/', client });
    const faq = document.getElementById('faq') as HTMLElement;
    const summaries = [...faq.querySelectorAll('summary')];
    expect(summaries).toHaveLength(7);
    // Each summary holds its question as a level-3 heading (under the FAQ's h2) and no other control.
    expect(summaries.map((s) => s.querySelector('h3')?.textContent)).toContain('What is Bürgerfit?');
    for (const summary of summaries) expect(summary.querySelector('button, a, input')).toBeNull();
    const first = summaries[0] as HTMLElement;
    // Reached with Tab (Enter and Space then toggle it: the browser's own behaviour for a summary).
    (document.activeElement as HTMLElement | null)?.blur();
    faq.tabIndex = -1;
    faq.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(first);
    await userEvent.click(first);
    const region = within(faq).getByRole('region', { name: 'What is Bürgerfit?' });
    expect(region.closest('details')?.open).toBe(true);
    expect(region.textContent).toMatch(/learning app/);
  });

  it('lists the 9 features, the 5 coming later and the CTA scrolls to home and features', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    const { client } = fakeApi({});
    await renderRemote(App, { path: '/', client });
    expect(within(document.getElementById('features') as HTMLElement).getAllByRole('listitem')).toHaveLength(
      9,
    );
    expect(within(document.getElementById('future') as HTMLElement).getAllByRole('listitem')).toHaveLength(5);
    const cta = document.getElementById('cta') as HTMLElement;
    await userEvent.click(within(cta).getByRole('button', { name: 'Get started' }));
    await userEvent.click(within(cta).getByRole('button', { name: 'See all features' }));
    expect(scrolled).toEqual(['home', 'features']);
  });

  it('pricing: spec prices, Pro features, and each button records the plan without a purchase', async () => {
    const events: unknown[] = [];
    const { client } = fakeApi({
      '/api/en/analytics/events': () => new Response(null, { status: 204 }),
    });
    const fetchSpy = vi.mocked(globalThis.fetch);
    await renderRemote(App, { path: '/', client });
    const pricing = document.getElementById('pricing') as HTMLElement;
    expect(within(pricing).getByText('€0')).toBeTruthy();
    expect(within(pricing).getByText('€8.99')).toBeTruthy();
    expect(within(pricing).getByText('€3.49 / month')).toBeTruthy();
    expect(within(pricing).getByText(/or €21\.99 \/ year/)).toBeTruthy();
    expect(within(pricing).getByText('about 15% saving')).toBeTruthy();
    expect(within(pricing).getAllByText('Offline mode')).toHaveLength(2);
    expect(within(pricing).getByText('AI study recommendations')).toBeTruthy();

    const clicks: Array<[string, object]> = [
      ['Start for free', { event: 'plan_selected', plan: 'free' }],
      ['Choose Pro Lifetime', { event: 'plan_selected', plan: 'lifetime', billing: 'one_time' }],
      ['Choose monthly', { event: 'plan_selected', plan: 'subscription', billing: 'monthly' }],
      ['Choose yearly', { event: 'plan_selected', plan: 'subscription', billing: 'yearly' }],
    ];
    for (const [name] of clicks) await userEvent.click(within(pricing).getByRole('button', { name }));
    await waitFor(() =>
      expect(fetchSpy.mock.calls.filter(([url]) => url === '/api/en/analytics/events')).toHaveLength(4),
    );
    for (const [url, init] of fetchSpy.mock.calls)
      if (url === '/api/en/analytics/events') {
        expect(init?.method).toBe('POST');
        events.push(JSON.parse(String(init?.body)));
      }
    expect(events).toEqual(clicks.map(([, body]) => body));
    expect(
      within(pricing).getByText(/Noted: Pro Subscription\. Paid plans are not on sale yet/),
    ).toBeTruthy();
  });

  it('formats prices per language (de: "8,99 €")', async () => {
    const { client } = fakeApi({});
    await renderRemote(App, { path: '/', client });
    await act(() => i18next.changeLanguage('de'));
    const pricing = document.getElementById('pricing') as HTMLElement;
    const text = (pricing.textContent ?? '').replace(/\u00a0/g, ' ');
    expect(text).toContain('8,99 €');
    expect(text).toContain('0 €');
    expect(text).toContain('3,49 € / Monat');
    expect(text).toContain('21,99 € / Jahr');
    await act(() => i18next.changeLanguage('hr'));
    expect((pricing.textContent ?? '').replace(/\u00a0/g, ' ')).toContain('8,99 €');
  });

  it('the knowledge page explains the test, is dated and links to the demo', async () => {
    const { client } = fakeApi({});
    await renderRemote(App, { path: '/knowledge/einburgerungstest', client });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The Einbürgerungstest explained' }),
    ).toBeTruthy();
    expect(screen.getByText('As of: October 2025')).toBeTruthy();
    const text = document.body.textContent ?? '';
    expectFacts(text, [
      '33 multiple-choice questions',
      'at least 17 correct',
      '60 minutes',
      '300 general questions',
      'about 25 euros per attempt',
      'no limit on attempts',
      'Volkshochschule',
      'level B1',
    ]);
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(8);
    expect(screen.getByRole('link', { name: 'Start the demo test' }).getAttribute('href')).toBe('/demo');
  });

  it('privacy policy says what is stored, the cookies and the 30-day answer; about credits catalog and pictures', async () => {
    const { client } = fakeApi({});
    const view = await renderRemote(App, { path: '/privacy-policy', client });
    await screen.findByTestId('legal-page');
    let text = document.body.textContent ?? '';
    expectFacts(text, [
      'bf_at',
      'bf_rt',
      'bf_oauth',
      'bf_vid',
      'contact form',
      'within 30 days',
      'verified',
      'bookmarks',
    ]);
    view.unmount();
    await renderRemote(App, { path: '/about', client });
    await screen.findByRole('heading', { level: 1, name: 'About Bürgerfit' });
    text = document.body.textContent ?? '';
    expectFacts(text, [
      '07.05.2025',
      '© Deutscher Bundestag',
      '© Bundesregierung/Engelbert Reineke',
      '© Deutscher Bundestag/Janine Schmitz',
      '© Bundesregierung/Richard Schulze-Vorberg',
      'MIT licence',
      'flexsurfer/einburgerungstest',
    ]);
    expect(screen.getByText('Last updated: October 2025')).toBeTruthy();
  });

  it('legal pages: a dialog over the page under 768 px when opened from a page; Escape goes back', async () => {
    stubViewport(true);
    const { client } = fakeApi({});
    await renderRemote(App, { path: '/terms-of-service', client });
    // Opened directly (no background page): a page even on a phone.
    expect(await screen.findByTestId('legal-page')).toBeTruthy();
  });

  it('legal pages opened from another page: a dialog under 768 px, closing goes back in history', async () => {
    stubViewport(true);
    const { client } = fakeApi({});
    const state = { backgroundLocation: { pathname: '/', search: '', hash: '' } };
    await renderRemote(App, { path: '/privacy-policy', client, history: ['/'], state });
    const dialog = await screen.findByRole('dialog', { name: 'Privacy policy' });
    expect(dialog.tagName).toBe('DIALOG');
    // The dialog's title is the document's heading (no second one inside).
    expect(within(dialog).getAllByRole('heading', { name: 'Privacy policy' })).toHaveLength(1);
    expect(within(dialog).getByTestId('legal-dialog')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('legal pages opened from another page on a wide screen: a page with a back button', async () => {
    stubViewport(false);
    const { client } = fakeApi({});
    const state = { backgroundLocation: { pathname: '/knowledge/einburgerungstest', search: '', hash: '' } };
    await renderRemote(App, {
      path: '/about',
      client,
      history: ['/knowledge/einburgerungstest'],
      state,
    });
    const page = await screen.findByTestId('legal-page');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(within(page).getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location').textContent).toBe('/knowledge/einburgerungstest');
  });
});
