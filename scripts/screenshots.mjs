// `npm run screenshots`: a gallery of every screen for review. Starts the app on a fresh embedded database (its
// own data folder and port), signs in a seeded learner with some history (learn answers, a passed mock test, a
// bookmark), and writes a full-page PNG of every route and main state at 390 and 1280 px, light and dark, in de,
// en and hr, into screenshots/ (not committed) with an index.html contact sheet.
//   SCREENSHOTS_PORT (8097), SCREENSHOTS_ONLY=de,390,dark (filter), SCREENSHOTS_SCREENS=dashboard,learn (shots by
//   name), CHROMIUM_PATH (/usr/bin/chromium).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'screenshots');
const port = Number(process.env.SCREENSHOTS_PORT ?? 8097);
const base = `http://localhost:${port}`;
const LANGUAGES = ['de', 'en', 'hr'];
const WIDTHS = [390, 1280];
const SCHEMES = ['light', 'dark'];
const only = (process.env.SCREENSHOTS_ONLY ?? '').split(',').filter(Boolean);
const wanted = (...parts) => only.every((o) => parts.map(String).includes(o));
/** SCREENSHOTS_SCREENS=dashboard,learn: only these shots (by name). */
const onlyScreens = (process.env.SCREENSHOTS_SCREENS ?? '').split(',').filter(Boolean);
/** Shot → the viewport-sized copy the README shows (docs/screenshots/ holds the committed pair). */
/**
 * Shots of the first screen only: Chromium evaluates a full-page capture as if a mouse were attached, so on a touch
 * phone it would show the keyboard hints the page hides there. These show what a phone shows (and a desktop its keys).
 */
const FIRST_SCREEN = new Set(['keys-exam', 'keys-flashcards']);
const README_SHOTS = {
  'dashboard-en-390-light': 'readme-phone.png',
  'learn-en-1280-light': 'readme-desktop.png',
};
const texts = (lang, ns) =>
  JSON.parse(fs.readFileSync(path.join(root, 'locales', lang, `${ns}.json`), 'utf8'));

/** Route shots: [name, path, optional action that brings the page into its state]. */
function screens(lang, login, width) {
  const exam = texts(lang, 'exam');
  const learn = texts(lang, 'learn');
  const account = texts(lang, 'account');
  const tap = (page, name) => page.getByRole('main').getByRole('button', { name, exact: true }).click();
  /** Every transition and animation over (a card turning, a dialog fading in). */
  const settled = (page) =>
    page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  /** Learn mode after a wrong answer: the verdict and the open explanation brought into view. */
  const answerWrong = async (page) => {
    const [first] = await (await page.request.get(`${base}/api/${lang}/learn`)).json();
    await page.locator(`[data-answer="${(first.correct + 1) % 4}"]`).click();
    await page.getByTestId('feedback').locator('details[open]').waitFor();
    // The whole page is shot: from its top, so the sticky header is where it belongs.
    await settled(page);
    await page.evaluate(() => window.scrollTo(0, 0));
  };
  /** A challenge of three answers, ended early: its summary. */
  const endChallenge = async (page) => {
    await tap(page, learn.challengeStart);
    for (let i = 0; i < 3; i++) {
      await page.locator('[data-answer]').first().click();
      if (i < 2) await tap(page, learn.next);
    }
    await tap(page, learn.challengeStop);
    await page.getByTestId('challenge-summary').waitFor();
  };
  /** The first flashcard turned over: its back with the question above the answer. */
  const flashcardBack = async (page) => {
    await tap(page, learn.flashcardsStart);
    await tap(page, learn.showAnswer);
    await page.locator('[data-side="back"]').waitFor();
    // Turned all the way (the card turns over in half a second).
    await settled(page);
  };
  /** State practice's first picture, enlarged. */
  const enlargePicture = async (page) => {
    await page.getByTestId('enlarge-picture').first().click();
    await page.getByRole('dialog').waitFor();
    await settled(page);
  };
  /**
   * The page opened with no network, as this device stored it (`address`: another page instead, one never opened
   * here). Returns how to go back online once it is shot.
   */
  const offline =
    (address = null) =>
    async (page) => {
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      // A page loaded before the service worker took over is not stored: loaded once more, it is.
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
      await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
      await page.evaluate(
        () =>
          new Promise((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = resolve;
            navigator.serviceWorker.controller.postMessage({ type: 'buergerfit:settle' }, [channel.port2]);
          }),
      );
      await page.context().setOffline(true);
      if (address) {
        await page.goto(base + address);
        await page.getByTestId('remote-error').waitFor();
      } else {
        await page.reload();
        await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
      }
      return () => page.context().setOffline(false);
    };
  /** Learn left at no. 130 with a filter, then opened again from the header's plain /learn link. */
  const resumeFromNav = async (page) => {
    await page.locator('header a[href="/learn"]').first().click();
    await page.waitForURL(/\/learn\?.*question=130/);
    await page.getByRole('main').getByRole('list', { name: learn.answersLabel }).waitFor();
  };
  /**
   * A guest's demo, Berlin left as preselected, finished; then the sign-up from this browser, on to Welcome's
   * state step (no state assumed).
   */
  const demoThenSignUp = async (page) => {
    // Its first question (a tap on the server's markup is replayed when the page runs; once more if it was lost).
    const first = firstQuestion(page);
    for (let i = 0; i < 2 && !(await first.isVisible()); i++) {
      await tap(page, exam.demo.start);
      await first.waitFor({ timeout: 15_000 }).catch(() => {});
    }
    await first.waitFor();
    const { id } = JSON.parse(await page.evaluate(() => localStorage.getItem('buergerfit.exam.demo')));
    const done = await page.request.post(`${base}/api/${lang}/exams/${id}/finalize`);
    if (!done.ok()) throw new Error(`finishing the demo: ${done.status()}`);
    await page.goto(`${base}/auth/local?login_hint=${login}&redirect=/dashboard`);
    await page.waitForURL(/\/welcome/);
    await tap(page, account.welcome.next);
    await page.getByRole('main').getByRole('heading', { name: account.welcome.stepState }).waitFor();
    await settled(page);
  };
  /** The test's first question (not the start screen's own headings). */
  const firstQuestion = (page) =>
    page.getByRole('main').getByRole('heading', {
      level: 2,
      name: exam.run.questionOf.replace('{{current}}', '1').replace('{{total}}', '33'),
    });
  const start = (label) => async (page) => {
    await page.getByRole('main').getByRole('button', { name: label, exact: true }).click();
    await firstQuestion(page).waitFor();
  };
  /** The running mock test (the shot before started it), its answers in view: "(keys 1–4)" only with a keyboard. */
  const examKeys = async (page) => {
    await firstQuestion(page).waitFor();
    await page.getByRole('main').getByRole('group').first().scrollIntoViewIfNeeded();
  };
  /** A flashcard session's first card and, under it, the gestures on a touch phone or the keys on a desktop. */
  const flashcardKeys = async (page) => {
    await tap(page, learn.flashcardsStart);
    await page.locator('[data-side="front"]').waitFor();
    const hint = page.getByText(width < 768 ? learn.touchHintFlashcards : learn.keyboardHintFlashcards);
    await hint.scrollIntoViewIfNeeded();
    await settled(page);
  };
  /**
   * A first mock test, 24 of 33 answered right (through the API), finished on the page: its result celebrates the
   * pass, once the burst has landed.
   */
  const passMock = async (page) => {
    const attempt = await answerMock(page.request, 24);
    await page.goto(`${base}/exam`);
    await tap(page, exam.run.finish);
    await tap(page, exam.run.confirmFinish);
    await page.waitForURL(`**/exam/result/${attempt.id}`);
    await page.getByTestId('celebration').waitFor();
    await settled(page);
    await page.evaluate(() => window.scrollTo(0, 0));
  };
  /** Ten bookmarks (a first badge), then the dashboard: it celebrates the badge at its top. */
  const collectorBadge = async (page) => {
    const questions = await (await page.request.get(`${base}/api/${lang}/learn`)).json();
    for (const q of questions.slice(0, 10)) {
      const res = await page.request.post(`${base}/api/${lang}/user/bookmarks/${q.number}`);
      if (!res.ok()) throw new Error(`bookmarking: ${res.status()}`);
    }
    await page.goto(`${base}/dashboard`);
    await page.getByTestId('celebration').waitFor();
    await settled(page);
  };
  return {
    guest: [
      ['landing', '/'],
      ['knowledge', '/knowledge/einburgerungstest'],
      ['about', '/about'],
      ['login', '/login'],
      ['demo-start', '/demo'],
      ['demo-question', '/demo', start(exam.demo.start)],
      ['not-found', '/no-such-page'],
    ],
    learner: [
      ['dashboard', '/dashboard'],
      ['learn', '/learn'],
      ['learn-focus', '/learn/focus'],
      ['learn-flashcards', '/learn/flashcards'],
      ['learn-challenge', '/learn/challenge'],
      ['learn-wrong-answer', '/learn', answerWrong],
      ['learn-resumed-130', '/learn?question=130'],
      ['learn-resumed-from-nav', '/learn?status=unseen&question=130', resumeFromNav],
      ['learn-state', '/learn/state'],
      ['learn-state-picture', '/learn/state', enlargePicture],
      ['learn-challenge-summary', '/learn/challenge', endChallenge],
      ['learn-flashcard-back', '/learn/flashcards', flashcardBack],
      ['learn-bookmarks', '/learn/bookmarks'],
      ['learn-mistakes', '/learn/mistakes'],
      ['exam-start', '/exam'],
      ['exam-question', '/exam', start(exam.mock.start)],
      ['keys-exam', '/exam', examKeys],
      ['keys-flashcards', '/learn/flashcards', flashcardKeys],
      ['exam-history', '/exam/history'],
      ['exam-result', '__RESULT__'],
      ['settings', '/profile-settings'],
      ['offline-dashboard', '/dashboard', offline()],
      ['offline-not-stored', '/dashboard', offline('/about')],
    ],
    // A guest who takes the demo and then signs up: Welcome without a state nobody chose, the demo in the history,
    // and the dashboard's honest empty mock-test card.
    newcomer: [
      ['welcome-after-demo', '/demo', demoThenSignUp],
      ['dashboard-after-demo', '/dashboard'],
      ['exam-history-after-demo', '/exam/history'],
    ],
    // The A/B console: "Roll back to …" only on the variant with a build to go back to.
    admin: [['admin', '/admin']],
    // A new learner's wins: a first pass celebrated on its result, then a first badge on the dashboard.
    winner: [
      ['exam-result-celebration', '/dashboard', passMock],
      ['dashboard-celebration', '/dashboard', collectorBadge],
    ],
  };
}

/** `npm run remotes -- …` against the gallery's own embedded database. */
function remotesCli(dataDir, args) {
  const res = spawnSync('npm', ['run', '--silent', 'remotes', '--', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`remotes ${args.join(' ')}: ${res.stderr}`);
}

/** The console's admin, and a variant of mf_admin (nobody is sent to it) pointed at 0.0.1, then at 0.0.2. */
async function prepareAdmin(browser, dataDir) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/auth/local?login_hint=gallery-admin&redirect=/dashboard`);
  await context.close();
  remotesCli(dataDir, ['admin', 'grant', 'gallery-admin']);
  remotesCli(dataDir, ['set', 'mf_admin', 'gallery', '0.0.1', '--weight', '0']);
  remotesCli(dataDir, ['set', 'mf_admin', 'gallery', '0.0.2', '--weight', '0']);
}

async function waitForApp(child) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the app did not become ready in 5 minutes');
}

/** Signs a gallery learner in (the development provider) in this context; Berlin as the state. */
async function signIn(context, login) {
  const page = await context.newPage();
  await page.goto(`${base}/auth/local?login_hint=${login}&redirect=/dashboard`);
  const saved = await page.request.patch(`${base}/api/user/setting/german-federal-state`, {
    data: { selected_state: 'BE' },
  });
  if (!saved.ok()) throw new Error(`setting the state: ${saved.status()}`);
  await page.close();
}

/** A mock test started and answered through the API: the first `right` positions right, the rest wrong. */
async function answerMock(request, right) {
  const questions = await (await request.get(`${base}/api/en/learn`)).json();
  const key = new Map(questions.map((q) => [q.number, q.correct]));
  const attempt = await (await request.post(`${base}/api/en/exams`, { data: { kind: 'mock' } })).json();
  for (const q of attempt.questions) {
    const answer = key.get(q.number) ?? 0;
    await request.put(`${base}/api/en/exams/${attempt.id}/answers/${q.position}`, {
      data: { answer: q.position <= right ? answer : (answer + 1) % 4 },
    });
  }
  return attempt;
}

/**
 * Some history: 60 learn answers (about four in five right), a bookmark, one passed mock test — its celebration
 * already shown (the gallery's `winner` shows celebrations; the other shots show the screens as they are after it).
 */
async function seed(context) {
  const { request } = context;
  const questions = await (await request.get(`${base}/api/en/learn`)).json();
  const right = new Map(questions.map((q) => [q.number, q.correct]));
  for (const [i, q] of questions.slice(0, 60).entries()) {
    await request.post(`${base}/api/en/learn-mode`, {
      data: { question_id: q.number, is_correct: i % 5 !== 3 },
    });
  }
  await request.post(`${base}/api/en/user/bookmarks/${questions[4].number}`);
  const attempt = await (await request.post(`${base}/api/en/exams`, { data: { kind: 'mock' } })).json();
  for (const q of attempt.questions) {
    const answer = right.get(q.number) ?? 0;
    await request.put(`${base}/api/en/exams/${attempt.id}/answers/${q.position}`, {
      data: { answer: q.position <= 27 ? answer : (answer + 1) % 4 },
    });
  }
  const done = await request.post(`${base}/api/en/exams/${attempt.id}/finalize`);
  if (!done.ok()) throw new Error(`finishing the mock test: ${done.status()}`);
  const { until } = await (await request.get(`${base}/api/en/user/celebrations`)).json();
  if (until) await request.post(`${base}/api/en/user/celebrations/seen`, { data: { until } });
  return `/exam/result/${attempt.id}`;
}

async function main() {
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-screenshots-'));
  const app = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group: stopping it stops the server start.mjs runs, too.
    detached: true,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const shots = [];
  try {
    await waitForApp(app);
    await prepareAdmin(browser, dataDir);
    for (const lang of LANGUAGES) {
      for (const scheme of SCHEMES) {
        for (const width of WIDTHS) {
          if (!wanted(lang, scheme, width)) continue;
          for (const who of ['guest', 'learner', 'newcomer', 'admin', 'winner']) {
            const context = await browser.newContext({
              viewport: { width, height: width < 768 ? 844 : 800 },
              // A phone is a touch screen: no keyboard hints there, the gestures instead (as a learner sees it).
              hasTouch: width < 768,
              isMobile: width < 768,
              colorScheme: scheme,
              locale: lang,
              deviceScaleFactor: 1,
            });
            await context.addInitScript((l) => localStorage.setItem('buergerfit.language', l), lang);
            // A learner of their own for every language, theme and width: the mock test one shot starts does not
            // turn the next one's start screen into a running test.
            let resultPath = '';
            const login = `gallery-${who}-${lang}-${scheme}-${width}`;
            if (who === 'learner') {
              await signIn(context, login);
              resultPath = await seed(context);
            }
            if (who === 'admin') await signIn(context, 'gallery-admin');
            if (who === 'winner') await signIn(context, login);
            const page = await context.newPage();
            for (const [name, route, act] of screens(lang, login, width)[who]) {
              if (onlyScreens.length > 0 && !onlyScreens.includes(name)) continue;
              await page.goto(base + (route === '__RESULT__' ? resultPath : route));
              await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
              await page.waitForLoadState('networkidle');
              // An action may leave the context in a state for this shot only (offline): it returns how to undo it.
              const undo = act ? await act(page) : undefined;
              const file = `${name}-${lang}-${width}-${scheme}.png`;
              await page.screenshot({ path: path.join(out, file), fullPage: !FIRST_SCREEN.has(name) });
              // The README's two pictures: the first screen of each, as a learner sees it.
              if (`${name}-${lang}-${width}-${scheme}` in README_SHOTS) {
                await page.evaluate(() => window.scrollTo(0, 0));
                await page.screenshot({
                  path: path.join(out, README_SHOTS[`${name}-${lang}-${width}-${scheme}`]),
                });
              }
              if (typeof undo === 'function') await undo();
              shots.push({ name, lang, width, scheme, file });
              console.info(file);
            }
            await context.close();
          }
        }
      }
    }
  } finally {
    await browser.close();
    if (app.pid) process.kill(-app.pid, 'SIGTERM');
  }
  const names = [...new Set(shots.map((s) => s.name))];
  const cell = (s) => `<figure><a href="${s.file}"><img src="${s.file}" loading="lazy" alt=""></a>
<figcaption>${s.lang} · ${s.width} px · ${s.scheme}</figcaption></figure>`;
  const html = `<!doctype html><meta charset="utf-8"><title>Bürgerfit screenshots</title>
<style>body{font:14px system-ui;margin:1rem}section{margin-bottom:2rem}div{display:flex;gap:.75rem;overflow-x:auto;align-items:flex-start}
figure{margin:0;flex:none}img{display:block;max-height:420px;border:1px solid #ccc}figcaption{color:#555}</style>
<h1>Bürgerfit · ${shots.length} screenshots · ${new Date().toISOString().slice(0, 16)}</h1>
${names
  .map(
    (n) =>
      `<section><h2>${n}</h2><div>${shots
        .filter((s) => s.name === n)
        .map(cell)
        .join('\n')}</div></section>`,
  )
  .join('\n')}`;
  fs.writeFileSync(path.join(out, 'index.html'), html);
  console.info(`screenshots: ${shots.length} PNGs and index.html in ${path.relative(root, out)}/`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
