import type { AuthProviders, FederalState, User, UserExport } from '@buergerfit/contract';
import { STORAGE_KEYS } from '@buergerfit/platform';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import App from '../src/App';
import { normalizeStates } from '../src/FederalStateSelect';
import { safeRedirect, signInHref } from '../src/Login';
import { afterOnboarding } from '../src/Welcome';
import { type ApiRoutes, fakeApi, json, renderRemote, signedIn, testUser } from './util';

/** The account as the BFF answers it (`GET /api/user/me` and every settings call). */
const account = (over: Partial<User> = {}): User => testUser(over);

/** The settings of a signed-in learner who lives in Berlin. */
const me = account({ federalState: 'BE', onboarded: true });

/** Profile settings opened for `user`, with the states listed and `routes` answered; what `fakeApi` gives back. */
async function openSettings(routes: ApiRoutes = {}, user: User = me) {
  const api = fakeApi({ ...signedIn(user), ...states, ...routes });
  await renderRemote(App, { path: '/profile-settings', client: api.client });
  return api;
}

const STATES: FederalState[] = [
  { code: 'BW', name: 'Baden-Württemberg' },
  { code: 'BY', name: 'Bayern' },
  { code: 'BE', name: 'Berlin' },
];
const states = { 'GET /api/en/german-federal-states': () => json(200, STATES) };
const location = () => screen.getByTestId('location').textContent;
const storedUser = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null');

/** The toasts region; toasts of earlier tests (one list for the page) are dismissed first, as a learner would. */
async function notifications() {
  const region = screen.getByRole('region', { name: 'Notifications' });
  for (const dismiss of within(region).queryAllByRole('button', { name: 'Dismiss' })) {
    await userEvent.click(dismiss);
  }
  expect(region.textContent).toBe('');
  return region;
}

/** /login with the BFF listing `providers` (`GET /api/auth/providers`). */
async function openLogin(providers: AuthProviders['providers'], path = '/login') {
  const api = fakeApi({ '/api/auth/providers': () => json(200, { providers } satisfies AuthProviders) });
  await renderRemote(App, { path, client: api.client });
  return api;
}

describe('mf-account /login', () => {
  it('offers GitHub and Google with their marks, returning to the remembered location', async () => {
    await openLogin(['github', 'google', 'local'], '/login?redirect=%2Flearn%3Fx%3D1');
    const target = encodeURIComponent('/learn?x=1');
    const github = await screen.findByRole('link', { name: 'Continue with GitHub' });
    const google = screen.getByRole('link', { name: 'Continue with Google' });
    expect(github.getAttribute('href')).toBe(`/auth/github?redirect=${target}`);
    expect(google.getAttribute('href')).toBe(`/auth/google?redirect=${target}`);
    // Each shows its provider's mark: GitHub's one-colour Octocat, Google's four-colour "G".
    expect(github.querySelectorAll('svg path')).toHaveLength(1);
    expect(google.querySelectorAll('svg path')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Local test account' }).getAttribute('href')).toBe(
      `/auth/local?redirect=${target}`,
    );
  });

  it('shows only the providers the server has set up: GitHub alone means no Google button', async () => {
    const { fetchMock } = await openLogin(['github']);
    expect(await screen.findByRole('link', { name: 'Continue with GitHub' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/providers', expect.anything());
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Local test account' })).toBeNull();
    expect(screen.queryByText('Development only')).toBeNull();
  });

  it('puts the local test account in a box of its own, labelled as for development only', async () => {
    await openLogin(['google', 'local'], '/login?login_hint=bob');
    const dev = await screen.findByRole('region', { name: 'Development only' });
    const local = within(dev).getByRole('link', { name: 'Local test account' });
    expect(local.getAttribute('href')).toBe('/auth/local?redirect=%2Fdashboard&login_hint=bob');
    expect(local.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(local.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Development only: signs you in as a test user without a password.',
    );
    // The real providers are not in that box.
    expect(within(dev).queryByRole('link', { name: 'Continue with Google' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toBeTruthy();
  });

  it('says so when no provider is set up, instead of showing buttons that cannot work', async () => {
    await openLogin(['local'], '/login?login_hint=bob');
    expect(
      await screen.findByText(
        'Signing in is not available on this server at the moment. Please try again later.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull();
    expect(screen.getByRole('region', { name: 'Development only' })).toBeTruthy();
  });

  it('offers GitHub and Google when the list of providers cannot be loaded', async () => {
    const { client } = fakeApi({
      '/api/auth/providers': () => json(503, { error: { code: 'unavailable', message: 'x' } }),
    });
    await renderRemote(App, { path: '/login', client });
    expect(await screen.findByRole('link', { name: 'Continue with GitHub' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Local test account' })).toBeNull();
  });

  it('says what the provider passes on and links the privacy policy', async () => {
    await openLogin(['github']);
    expect(screen.getByText(/The provider only passes us your name and email address/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/privacy-policy');
  });

  it('shows the spec message after a failed sign-in (?error=oauth)', async () => {
    const { client } = fakeApi({});
    await renderRemote(App, { path: '/login?error=oauth', client });
    expect(screen.getByRole('alert').textContent).toBe('Login failed. Please check your credentials.');
  });

  it('email form is marked coming soon and disabled, with a back-to-SSO button', async () => {
    await openLogin(['github', 'google']);
    await userEvent.click(screen.getByRole('button', { name: /Log in with email/ }));
    expect(screen.getByRole('heading', { name: /Log in with email.*Coming soon/ })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign-in options' }));
    expect(await screen.findByRole('link', { name: 'Continue with GitHub' })).toBeTruthy();
  });

  it('sends a signed-in user on to the redirect target, or /dashboard', async () => {
    const { client } = fakeApi(signedIn(account({ onboarded: true })));
    await renderRemote(App, { path: '/login?redirect=%2Flearn', client });
    await waitFor(() => expect(location()).toBe('/learn'));
  });

  it('never sends a signed-in user off-site', async () => {
    const { client } = fakeApi(signedIn(account({ onboarded: true })));
    await renderRemote(App, { path: '/login?redirect=%2F%2Fevil.example', client });
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('only accepts same-site redirect targets', () => {
    expect(safeRedirect('/dashboard')).toBe('/dashboard');
    expect(safeRedirect('/learn?topic=history')).toBe('/learn?topic=history');
    expect(safeRedirect('//evil.example')).toBe('/dashboard');
    expect(safeRedirect('/\\evil.example')).toBe('/dashboard');
    expect(safeRedirect('https://evil.example')).toBe('/dashboard');
    expect(safeRedirect('/x\n')).toBe('/dashboard');
    expect(safeRedirect(null)).toBe('/dashboard');
    expect(signInHref('github', '/learn', 'bob')).toBe('/auth/github?redirect=%2Flearn');
  });
});

/** The onboarding's buttons and the step it shows. */
const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));
const back = () => userEvent.click(screen.getByRole('button', { name: 'Back' }));
const stepHeading = () => screen.getByRole('heading', { level: 2 }).textContent;
const stateSelect = () => screen.getByLabelText('Federal state (Bundesland)') as HTMLSelectElement;

/** From step 1 (language) to step 2, where the federal states are listed. */
async function toStateStep() {
  await next();
  await screen.findByRole('option', { name: 'Bayern' });
}

/** Chooses `code` on step 2 and goes on to step 3 (nickname and exam date). */
async function chooseState(code: string) {
  await toStateStep();
  await userEvent.selectOptions(stateSelect(), code);
  await next();
}

describe('mf-account /welcome', () => {
  it('walks through three steps with a step indicator; Back and Next keep what was entered', async () => {
    const { client, calls } = fakeApi({ ...signedIn(), ...states });
    await renderRemote(App, { path: '/welcome', client });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Bürgerfit!' })).toBeTruthy();
    const progress = screen.getByRole('progressbar', { name: 'Onboarding progress' });
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    expect(progress.getAttribute('aria-valuetext')).toBe('Step 1 of 3');
    expect(stepHeading()).toBe('Step 1 of 3: Your language');
    expect(screen.getByLabelText('Language')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();

    await toStateStep();
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    expect(progress.getAttribute('aria-valuenow')).toBe('2');
    // The step's heading takes the focus, so a screen reader starts there.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 }));
    expect(screen.getByRole('heading', { name: 'Why it matters' })).toBeTruthy();
    expect(
      screen.getByText(
        'The test has 33 questions, 3 of them about your federal state. Your state decides which 10 state questions you learn.',
      ),
    ).toBeTruthy();
    await userEvent.selectOptions(stateSelect(), 'BY');
    await next();
    expect(stepHeading()).toBe('Step 3 of 3: About you');
    await userEvent.type(screen.getByLabelText('Nickname (optional)'), 'Ali');
    fireEvent.change(screen.getByLabelText('Exam date (optional)'), { target: { value: '2027-03-15' } });

    await back();
    expect(stepHeading()).toBe('Step 2 of 3: Where do you live?');
    expect(stateSelect().value).toBe('BY');
    await back();
    expect(stepHeading()).toBe('Step 1 of 3: Your language');
    await next();
    await next();
    expect((screen.getByLabelText('Nickname (optional)') as HTMLInputElement).value).toBe('Ali');
    expect((screen.getByLabelText('Exam date (optional)') as HTMLInputElement).value).toBe('2027-03-15');
    // Skipping the whole onboarding is offered until the state is chosen, not on the last step.
    expect(screen.queryByRole('button', { name: 'Skip for now' })).toBeNull();
    expect(calls('PATCH', '/api/user/setting/german-federal-state')).toEqual([]);
    expect(calls('PATCH', '/api/user/settings')).toEqual([]);
  });

  it('requires a federal state before going on and sends nothing without one', async () => {
    const { client, calls } = fakeApi({ ...signedIn(), ...states });
    await renderRemote(App, { path: '/welcome', client });
    await toStateStep();
    await next();
    expect(screen.getByRole('alert').textContent).toBe(
      'Please select your federal state to access region-specific questions.',
    );
    expect(stateSelect().getAttribute('aria-invalid')).toBe('true');
    expect(stepHeading()).toBe('Step 2 of 3: Where do you live?');
    expect(calls('PATCH', '/api/user/setting/german-federal-state')).toEqual([]);
    expect(location()).toBe('/welcome');
    await userEvent.selectOptions(stateSelect(), 'BY');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the load error for federal states and retries', async () => {
    let fail = true;
    const { client } = fakeApi({
      ...signedIn(),
      'GET /api/en/german-federal-states': () =>
        fail ? json(404, { error: { code: 'not_found', message: 'x' } }) : json(200, STATES),
    });
    await renderRemote(App, { path: '/welcome', client });
    await next();
    expect(await screen.findByText('Could not load federal states. Please try again.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('option', { name: 'Berlin' })).toBeTruthy();
    expect(screen.queryByText('Could not load federal states. Please try again.')).toBeNull();
  });

  it('saves on the last step: the state with the spec call, then language, nickname and exam date', async () => {
    const saved = account({ federalState: 'BY', onboarded: true });
    const { client, calls } = fakeApi({
      ...signedIn(),
      ...states,
      'PATCH /api/user/setting/german-federal-state': () => json(200, saved),
      'PATCH /api/user/settings': (body) =>
        json(200, { ...saved, ...(body as object), name: (body as { nickname: string }).nickname }),
    });
    await renderRemote(App, { path: '/welcome', client });
    await chooseState('BY');
    await userEvent.type(screen.getByLabelText('Nickname (optional)'), '  Ali  ');
    fireEvent.change(screen.getByLabelText('Exam date (optional)'), { target: { value: '2027-03-15' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(calls('PATCH', '/api/user/setting/german-federal-state')).toEqual([{ selected_state: 'BY' }]);
    expect(calls('PATCH', '/api/user/settings')).toEqual([
      { preferredLanguage: 'en', nickname: 'Ali', examDate: '2027-03-15' },
    ]);
    expect(storedUser()).toMatchObject({
      federalState: 'BY',
      onboarded: true,
      nickname: 'Ali',
      name: 'Ali',
      examDate: '2027-03-15',
    });
    expect(localStorage.getItem(STORAGE_KEYS.federalState)).toBe('BY');
  });

  it('saves with nickname and exam date left empty (both optional): only the language goes along', async () => {
    const saved = account({ federalState: 'BE', onboarded: true });
    const { client, calls } = fakeApi({
      ...signedIn(),
      ...states,
      'PATCH /api/user/setting/german-federal-state': () => json(200, saved),
      'PATCH /api/user/settings': () => json(200, saved),
    });
    await renderRemote(App, { path: '/welcome', client });
    await chooseState('BE');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(calls('PATCH', '/api/user/setting/german-federal-state')).toEqual([{ selected_state: 'BE' }]);
    expect(calls('PATCH', '/api/user/settings')).toEqual([{ preferredLanguage: 'en' }]);
  });

  /** Welcome at `path`, Berlin chosen and saved while the server fails to store it. */
  const saveStateWhileServerFails = async (path: string) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, calls } = fakeApi({
      ...signedIn(),
      ...states,
      'PATCH /api/user/setting/german-federal-state': () =>
        json(500, { error: { code: 'internal', message: 'boom' } }),
    });
    await renderRemote(App, { path, client });
    await chooseState('BE');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    return { warn, calls };
  };

  it('keeps the choice locally with the spec message when the server fails, and still lets the learner go on', async () => {
    const { warn, calls } = await saveStateWhileServerFails('/welcome');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your federal state could not be saved to the server but was saved locally.',
    );
    expect(localStorage.getItem(STORAGE_KEYS.federalState)).toBe('BE');
    expect(storedUser()).toMatchObject({ federalState: 'BE' });
    expect(calls('PATCH', '/api/user/settings')).toEqual([]);
    expect(location()).toBe('/welcome');
    expect(warn).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to dashboard' }));
    expect(location()).toBe('/dashboard');
  });

  it('says so when nickname and language cannot be saved, and offers to go on', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const saved = account({ federalState: 'BY', onboarded: true });
    const { client } = fakeApi({
      ...signedIn(),
      ...states,
      'PATCH /api/user/setting/german-federal-state': () => json(200, saved),
      'PATCH /api/user/settings': () => json(500, { error: { code: 'internal', message: 'boom' } }),
    });
    await renderRemote(App, { path: '/welcome', client });
    await chooseState('BY');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your nickname, language and exam date could not be saved. Please try again.',
    );
    expect(location()).toBe('/welcome');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to dashboard' }));
    expect(location()).toBe('/dashboard');
  });

  it('skip marks the account onboarded and goes to /dashboard', async () => {
    const { client, calls } = fakeApi({
      ...signedIn(),
      ...states,
      'PATCH /api/user/settings': () => json(200, account({ onboarded: true })),
    });
    await renderRemote(App, { path: '/welcome', client });
    await userEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(calls('PATCH', '/api/user/settings')).toEqual([{ onboarded: true }]);
    expect(calls('PATCH', '/api/user/setting/german-federal-state')).toEqual([]);
    expect(storedUser()).toMatchObject({ onboarded: true });
  });

  it('continues to the page the learner was going to (?redirect= from sign-in) after Save', async () => {
    const saved = account({ federalState: 'BY', onboarded: true });
    const { client } = fakeApi({
      ...signedIn(),
      ...states,
      'PATCH /api/user/setting/german-federal-state': () => json(200, saved),
      'PATCH /api/user/settings': () => json(200, saved),
    });
    await renderRemote(App, { path: '/welcome?redirect=%2Flearn%3Ftopic%3Dhistory', client });
    await chooseState('BY');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(location()).toBe('/learn?topic=history'));
  });

  it('continues to the remembered page after Skip, even when skipping fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client } = fakeApi({
      ...signedIn(),
      ...states,
      'PATCH /api/user/settings': () => json(500, { error: { code: 'internal', message: 'boom' } }),
    });
    await renderRemote(App, { path: '/welcome?redirect=%2Fexam%2Fmock', client });
    await userEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(location()).toBe('/exam/mock'));
    expect(warn).toHaveBeenCalled();
  });

  it('offers "Continue" to the remembered page when the state was kept only locally', async () => {
    await saveStateWhileServerFails('/welcome?redirect=%2Flearn');
    await screen.findByRole('status');
    expect(screen.queryByRole('button', { name: 'Continue to dashboard' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(location()).toBe('/learn');
  });

  it('never continues off-site or back into sign-in: those targets become /dashboard', async () => {
    const { client } = fakeApi({
      ...signedIn(),
      ...states,
      'PATCH /api/user/settings': () => json(200, account({ onboarded: true })),
    });
    await renderRemote(App, { path: `/welcome?redirect=${encodeURIComponent('//evil.example/x')}`, client });
    await userEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(afterOnboarding('/learn?x=1#q3')).toBe('/learn?x=1#q3');
    for (const bad of [
      null,
      '',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/welcome',
      '/welcome?redirect=%2Flearn',
      '/login?redirect=%2Flearn',
      '/auth/github',
    ]) {
      expect(afterOnboarding(bad), String(bad)).toBe('/dashboard');
    }
    expect(afterOnboarding('/welcomed')).toBe('/welcomed');
  });

  it.each([
    ['preselects a cached state that is one of the listed states (spec §5)', 'BY', 'BY'],
    ['ignores a cached state that is not in the list', 'XX', ''],
  ])('%s', async (_title, cached, preselected) => {
    localStorage.setItem(STORAGE_KEYS.federalState, cached);
    const { client } = fakeApi({ ...signedIn(), ...states });
    await renderRemote(App, { path: '/welcome', client });
    await toStateStep();
    expect(stateSelect().value).toBe(preselected);
  });

  it('switches the UI language at once and saves it as the preferred language', async () => {
    const { client, calls } = fakeApi({
      ...signedIn(),
      ...states,
      'GET /api/de/german-federal-states': () => json(200, STATES),
      'PATCH /api/user/settings': (body) => json(200, account(body as object)),
    });
    await renderRemote(App, { path: '/welcome', client });
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'de');
    expect(await screen.findByRole('heading', { name: 'Willkommen bei Bürgerfit!' })).toBeTruthy();
    await waitFor(() => expect(calls('PATCH', '/api/user/settings')).toEqual([{ preferredLanguage: 'de' }]));
    await waitFor(() => expect(storedUser()).toMatchObject({ preferredLanguage: 'de' }));
  });
});

describe('mf-account /profile-settings', () => {
  const exportBody: UserExport = {
    format: 'buergerfit-user-export/1',
    exportedAt: '2026-11-22T10:00:00.000Z',
    profile: {
      ...me,
      username: 'alice',
      hasPassword: false,
      createdAt: '2026-11-01T09:00:00.000Z',
      updatedAt: '2026-11-20T18:30:00.000Z',
    },
    identities: [
      {
        provider: 'local',
        subject: 'alice',
        username: 'alice',
        email: 'alice@local.test',
        emailVerified: true,
        createdAt: '2026-11-01T09:00:00.000Z',
        lastUsedAt: '2026-11-22T09:55:00.000Z',
      },
    ],
    sessions: [],
    learnAnswers: [],
    questionProgress: [],
    bookmarks: [],
    challengeScores: [],
    achievements: [],
    dismissedRecommendations: [],
    examAttempts: [],
    examAnswers: [],
    contactMessages: [],
    contentReports: [],
    analyticsEvents: [],
    adminActions: [],
    memoryModel: null,
  };

  it('shows account info with the provider and disabled coming-soon notifications', async () => {
    await openSettings({}, { ...me, providers: ['local'] });
    expect(screen.getByRole('heading', { name: 'Profile settings' })).toBeTruthy();
    expect(screen.getByText('alice@local.test')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('settings-provider').textContent).toBe('Local test account'),
    );
    for (const name of ['Email notifications', 'Push notifications', 'Weekly report']) {
      expect((screen.getByRole('switch', { name: new RegExp(name) }) as HTMLInputElement).disabled).toBe(
        true,
      );
    }
    expect(screen.getByRole('link', { name: /Back to dashboard/ }).getAttribute('href')).toBe('/dashboard');
  });

  it('lists the sign-in providers the user carries, without downloading the data export', async () => {
    const linked: User = { ...me, providers: ['github', 'local'] };
    const { fetchMock } = await openSettings({}, linked);
    // The session check has answered (the user, with their providers) and the page has loaded what it needs.
    await screen.findByRole('option', { name: 'Bayern' });
    await waitFor(() =>
      expect(screen.getByTestId('settings-provider').textContent).toBe('GitHub, Local test account'),
    );
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/api/user/me');
    expect(urls.filter((url) => url.startsWith('/api/user/export'))).toEqual([]);
  });

  it('says "Unknown" for an account without linked providers, and "…" while they are not known yet', async () => {
    // The user an older version cached on the device has no providers until the session check answers.
    const { providers: _, ...olderCache } = me;
    const { client } = fakeApi({
      ...signedIn(olderCache as User),
      'GET /api/user/me': () => json(200, { ...me, providers: [] }),
      ...states,
    });
    await renderRemote(App, { path: '/profile-settings', client });
    expect(screen.getByTestId('settings-provider').textContent).toBe('…');
    await waitFor(() => expect(screen.getByTestId('settings-provider').textContent).toBe('Unknown'));
  });

  it('saves state and nickname and shows the saved message', async () => {
    const { calls } = await openSettings({
      'PATCH /api/user/setting/german-federal-state': (body) =>
        json(200, { ...me, federalState: (body as { selected_state: string }).selected_state }),
      'PATCH /api/user/settings': (body) => json(200, { ...me, federalState: 'BW', ...(body as object) }),
    });
    await screen.findByRole('option', { name: 'Bayern' });
    expect((screen.getByLabelText('Federal state') as HTMLSelectElement).value).toBe('BE');
    await userEvent.selectOptions(screen.getByLabelText('Federal state'), 'BW');
    await userEvent.type(screen.getByLabelText('Nickname'), 'Ali');
    fireEvent.change(screen.getByLabelText('Exam date (optional)'), { target: { value: '2026-06-30' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your settings have been saved.');
    expect(calls('PATCH', '/api/user/setting/german-federal-state')).toEqual([{ selected_state: 'BW' }]);
    expect(calls('PATCH', '/api/user/settings')).toEqual([{ nickname: 'Ali', examDate: '2026-06-30' }]);
    expect(storedUser()).toMatchObject({ federalState: 'BW', nickname: 'Ali', examDate: '2026-06-30' });
  });

  it('clears the exam date with null and leaves untouched fields out of the PATCH', async () => {
    const dated = { ...me, examDate: '2026-06-30' };
    const { calls } = await openSettings(
      {
        'PATCH /api/user/settings': (body) => json(200, { ...dated, ...(body as object) }),
      },
      dated,
    );
    const date = screen.getByLabelText('Exam date (optional)') as HTMLInputElement;
    expect(date.value).toBe('2026-06-30');
    fireEvent.change(date, { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your settings have been saved.');
    expect(calls('PATCH', '/api/user/settings')).toEqual([{ examDate: null }]);
    expect(calls('PATCH', '/api/user/setting/german-federal-state')).toEqual([]);
  });

  it('confirms a save next to the Save button and as a toast in the Notifications region', async () => {
    await openSettings({
      'PATCH /api/user/settings': (body) => json(200, { ...me, ...(body as object) }),
    });
    const toasts = await notifications();
    await userEvent.type(screen.getByLabelText('Nickname'), 'Ali');
    const save = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Your settings have been saved.');
    expect(save.parentElement?.contains(status)).toBe(true);
    expect(within(toasts).getByText('Your settings have been saved.')).toBeTruthy();
    // Editing again clears the message at the button.
    await userEvent.type(screen.getByLabelText('Nickname'), 'x');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says so when saving fails, next to the Save button and as a toast', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await openSettings({
      'PATCH /api/user/settings': () => json(400, { error: { code: 'invalid_input', message: 'x' } }),
    });
    const toasts = await notifications();
    await userEvent.type(screen.getByLabelText('Nickname'), 'Ali');
    const save = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your settings could not be saved. Please try again.');
    expect(save.parentElement?.contains(alert)).toBe(true);
    expect(within(toasts).getByText('Your settings could not be saved. Please try again.')).toBeTruthy();
  });

  it('offers the theme as System, Light and Dark, applied at once', async () => {
    await openSettings();
    const group = screen.getByRole('group', { name: 'Theme' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['System', 'Light', 'Dark']);
    await userEvent.click(within(group).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    await userEvent.click(within(group).getByRole('radio', { name: 'System' }));
  });

  it('deletes the account only after an explicit confirmation, then clears the session and goes to /', async () => {
    localStorage.setItem(STORAGE_KEYS.federalState, 'BE');
    const { calls } = await openSettings({
      'DELETE /api/user': () => new Response(null, { status: 204 }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(within(dialog).getByText(/This cannot be undone/)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account permanently' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(confirm);
    expect(calls('DELETE', '/api/user')).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const again = screen.getByRole('alertdialog');
    await userEvent.click(within(again).getByRole('checkbox'));
    await userEvent.click(within(again).getByRole('button', { name: 'Delete my account permanently' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(calls('DELETE', '/api/user')).toHaveLength(1);
    expect(storedUser()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.federalState)).toBeNull();
  });

  it('keeps the user signed in and says so when deletion fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await openSettings({
      'DELETE /api/user': () => json(503, { error: { code: 'unavailable', message: 'x' } }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /cannot be undone/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account permanently' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your account could not be deleted. Please try again.',
    );
    expect(location()).toBe('/profile-settings');
    expect(storedUser()).toMatchObject({ id: 'u1' });
  });

  it('downloads my data as a JSON file', async () => {
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('buergerfit-data-2026-11-22.json');
      expect(this.href).toBe('blob:export');
    });
    const { calls } = await openSettings({
      'GET /api/user/export': () => json(200, exportBody),
    });
    await screen.findByRole('option', { name: 'Bayern' });
    expect(calls('GET', '/api/user/export')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(calls('GET', '/api/user/export')).toHaveLength(1);
  });

  it('logout goes to / and clears the session', async () => {
    const { calls } = await openSettings({
      'POST /auth/logout': () => new Response(null, { status: 204 }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(storedUser()).toBeNull());
    expect(location()).toBe('/');
    expect(calls('POST', '/auth/logout')).toHaveLength(1);
  });
});

describe('mf-account desired retention and exam date', () => {
  const retention = () => screen.getByRole('group', { name: 'Desired retention' });
  const checked = () =>
    within(retention())
      .getAllByRole('radio')
      .filter((r) => (r as HTMLInputElement).checked)
      .map((r) => r.closest('label')?.textContent);

  it('offers 80–95 % in steps of 5 with 90 % as the default, explained in one sentence', async () => {
    await openSettings();
    const group = retention();
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['80%', '85%', '90% (default)', '95%']);
    expect(checked()).toEqual(['90% (default)']);
    const hint = document.getElementById(group.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      'How much you want to still remember when a question comes back: higher means more reviews.',
    );
  });

  it('saves the desired retention with the other settings and shows the saved value', async () => {
    const { calls } = await openSettings({
      'PATCH /api/user/settings': (body) => json(200, { ...me, desiredRetention: 0.9, ...(body as object) }),
    });
    await userEvent.click(screen.getByRole('radio', { name: '85%' }));
    await userEvent.type(screen.getByLabelText('Nickname'), 'Ali');
    const save = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Your settings have been saved.');
    // The confirmation sits next to the Save button, not at the top of the page out of view.
    expect(save.parentElement?.contains(status)).toBe(true);
    expect(calls('PATCH', '/api/user/settings')).toEqual([{ nickname: 'Ali', desiredRetention: 0.85 }]);
    expect(storedUser()).toMatchObject({ desiredRetention: 0.85 });
    expect(checked()).toEqual(['85%']);
  });

  it('shows the saved retention of the account and leaves it out of the PATCH when unchanged', async () => {
    const saved = { ...me, desiredRetention: 0.95 };
    const { calls } = await openSettings(
      {
        'PATCH /api/user/settings': (body) => json(200, { ...saved, ...(body as object) }),
      },
      saved,
    );
    expect(checked()).toEqual(['95%']);
    await userEvent.type(screen.getByLabelText('Nickname'), 'Ali');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    expect(calls('PATCH', '/api/user/settings')).toEqual([{ nickname: 'Ali' }]);
  });

  it('keeps a stored value that is none of the choices, and leaves range checks to the server', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const odd = { ...me, desiredRetention: 0.87 };
    let status = 400;
    const { calls } = await openSettings(
      {
        'PATCH /api/user/settings': (body) =>
          status === 400
            ? json(400, { error: { code: 'invalid_input', message: 'desiredRetention' } })
            : json(200, { ...odd, ...(body as object) }),
      },
      odd,
    );
    expect(
      within(retention())
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['80%', '85%', '87%', '90% (default)', '95%']);
    expect(checked()).toEqual(['87%']);
    // Whatever is chosen goes to the server as it is; the server's 400 is what the learner sees.
    await userEvent.click(screen.getByRole('radio', { name: '80%' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your settings could not be saved. Please try again.',
    );
    expect(calls('PATCH', '/api/user/settings')).toEqual([{ desiredRetention: 0.8 }]);
    status = 200;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your settings have been saved.');
    expect(storedUser()).toMatchObject({ desiredRetention: 0.8 });
  });

  it('says next to the exam date that reviews are planned to reach every question before it', async () => {
    await openSettings();
    const date = screen.getByLabelText('Exam date (optional)');
    const described = (date.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Reviews will be planned so that every question comes up before that date.');
  });

  it('shows the language confirmation next to the language select', async () => {
    await openSettings({
      'GET /api/de/german-federal-states': () => json(200, STATES),
      'PATCH /api/user/settings': (body) => json(200, { ...me, ...(body as object) }),
    });
    const select = screen.getByRole('combobox', { name: 'Language' });
    await userEvent.selectOptions(select, 'de');
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Deine Einstellungen wurden gespeichert.');
    // In the language card, under its select (not at the Save button further down).
    expect(select.closest('section')?.contains(status)).toBe(true);
    expect(select.closest('section')?.querySelector('button[type="submit"]')).toBeNull();
  });
});

describe('mf-account document titles', () => {
  it.each([
    ['/login', 'Log in · Bürgerfit'],
    ['/welcome', 'Welcome · Bürgerfit'],
    ['/profile-settings', 'Settings · Bürgerfit'],
  ])('%s is named "%s"', async (path, title) => {
    document.title = '';
    // A guest on /login (a signed-in user is sent on from there), a signed-in learner elsewhere.
    const session = path === '/login' ? {} : signedIn(account({ federalState: 'BE', onboarded: false }));
    const { client } = fakeApi({ ...session, ...states });
    await renderRemote(App, { path, client });
    await waitFor(() => expect(document.title).toBe(title));
    expect(screen.getByTestId('location').textContent).toBe(path);
  });

  it('follows the language', async () => {
    const { client } = fakeApi({
      ...signedIn(account({ federalState: 'BE', onboarded: true })),
      ...states,
      'GET /api/de/german-federal-states': () => json(200, STATES),
      'PATCH /api/user/settings': (body) => json(200, account(body as object)),
    });
    await renderRemote(App, { path: '/profile-settings', client });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de');
    await waitFor(() => expect(document.title).toBe('Einstellungen · Bürgerfit'));
  });
});

describe('normalizeStates', () => {
  it('keeps {code, name} entries and drops malformed ones', () => {
    expect(normalizeStates([{ code: 'BY', name: 'Bayern' }, { name: 'x' }, null, { code: 'BE' }])).toEqual([
      { code: 'BY', name: 'Bayern' },
      { code: 'BE', name: 'BE' },
    ]);
    expect(normalizeStates({ nope: true })).toEqual([]);
  });
});
